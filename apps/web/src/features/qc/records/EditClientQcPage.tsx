// /editClientqc/:id: a client QC record's marks ("Edit Client QC Record").
import { EditQcRecord } from './EditQcRecord.tsx';

export default function EditClientQcPage() {
  return <EditQcRecord kind="client" />;
}
