// /viewQcReports: the in-house QC records ("QC Records Inhouse"), with the way to the records agents have not
// acknowledged yet (/qc-acknowledgements, docs/qc-records.md).
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { UNACKNOWLEDGED_LIST_PATH } from '@crm/shared';
import { QcRecordList } from './QcRecordList.tsx';

export default function QcRecordsInhousePage() {
  return (
    <QcRecordList
      kind="in-house"
      aside={
        <Anchor component={Link} to={UNACKNOWLEDGED_LIST_PATH} fz="sm">
          Unacknowledged records
        </Anchor>
      }
    />
  );
}
