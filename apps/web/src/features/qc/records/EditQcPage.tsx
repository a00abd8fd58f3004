// /editqc/:id: an in-house QC record's scores ("Edit QC Record").
import { EditQcRecord } from './EditQcRecord.tsx';

export default function EditQcPage() {
  return <EditQcRecord kind="in-house" />;
}
