// /viewQcReports: the in-house QC records ("QC Records Inhouse").
import { QcRecordList } from './QcRecordList.tsx';

export default function QcRecordsInhousePage() {
  return <QcRecordList kind="in-house" />;
}
