// /QcRecordsClient: the client QC records ("QC Records Client").
import { QcRecordList } from './QcRecordList.tsx';

export default function QcRecordsClientPage() {
  return <QcRecordList kind="client" />;
}
