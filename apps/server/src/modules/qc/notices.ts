// The agent told of a new in-house QC record of theirs (docs/notifications.md), in the transaction that saves it.
import type { TQcRecord } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notifyUsers } from '../notifications/notify.ts';

export async function tellRecordScored(
  trx: Db,
  agentUserId: number,
  record: TQcRecord,
  inspectorName: string,
): Promise<void> {
  await notifyUsers(trx, [
    {
      userId: agentUserId,
      kind: 'qc-record',
      title: `Your call was scored: ${record.total} (${record.agentGrade})`,
      body: `${inspectorName} scored your ${record.campaignName} call of ${record.callDate}${
        record.duration === null ? '' : ` (${record.duration} s)`
      }.`,
      link: `/agent-performance?qcId=${record.id}`,
    },
  ]);
}
