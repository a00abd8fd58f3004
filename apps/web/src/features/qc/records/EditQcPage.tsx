// /editqc/:id: an in-house QC record's scores ("Editing QC Rating").
import { EditQcRecord } from './EditQcRecord.tsx';

export default function EditQcPage() {
  return <EditQcRecord kind="in-house" />;
}
