// /editClientqc/:id: a client QC record's marks ("Editing Client QC Record").
import { EditQcRecord } from './EditQcRecord.tsx';

export default function EditClientQcPage() {
  return <EditQcRecord kind="client" />;
}
