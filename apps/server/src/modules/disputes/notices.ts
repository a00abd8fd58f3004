// Who is told of a dispute (docs/notifications.md): the record's inspector of a new one, the agent of an answer or a
// decision, the inspector and the admins of an escalation. Sent inside the dispute's own transaction.
import type { Db } from '../../db/schema.ts';
import { findAdminUserIds, notifyUsers } from '../notifications/notify.ts';

/** The screen an inspector or admin answers disputes on, and the agent's QC Review. */
const disputeLink = (id: number) => `/flag-raised?dispute=${id}`;
const recordLink = (qcId: number) => `/agent-performance?qcId=${qcId}`;
const cut = (text: string) => (text.length > 1000 ? `${text.slice(0, 999)}…` : text);

export async function tellDisputeRaised(
  trx: Db,
  dispute: { id: number; inspectorId: number | null; agentName: string; callDate: string; criteria: number },
): Promise<void> {
  if (dispute.inspectorId === null) return;
  await notifyUsers(trx, [
    {
      userId: dispute.inspectorId,
      kind: 'dispute-new',
      title: `${dispute.agentName} disputed your QC record`,
      body: `${dispute.criteria} ${dispute.criteria === 1 ? 'criterion' : 'criteria'} of the call on ${dispute.callDate}.`,
      link: disputeLink(dispute.id),
    },
  ]);
}

/** An answer or a final decision: the agent reads what became of each criterion. */
export async function tellDisputeSettled(
  trx: Db,
  dispute: { agentUserId: number | null; qcRecordId: number },
  how: 'answered' | 'decided',
  summary: string,
): Promise<void> {
  if (dispute.agentUserId === null) return;
  await notifyUsers(trx, [
    {
      userId: dispute.agentUserId,
      kind: 'dispute-answered',
      title: how === 'answered' ? 'Your dispute was answered' : 'Your escalated dispute was decided',
      body: cut(summary),
      link: recordLink(dispute.qcRecordId),
    },
  ]);
}

export async function tellDisputeEscalated(
  trx: Db,
  dispute: { id: number; qcInspectorId: number | null },
  agentName: string,
  reason: string,
): Promise<void> {
  const admins = await findAdminUserIds(trx);
  const told = [...(dispute.qcInspectorId === null ? [] : [dispute.qcInspectorId]), ...admins];
  await notifyUsers(
    trx,
    told.map((userId) => ({
      userId,
      kind: 'dispute-escalated' as const,
      title: `${agentName} escalated a dispute`,
      body: cut(reason),
      link: disputeLink(dispute.id),
    })),
  );
}
