// Demo data of the reports (issue 38, docs/reports.md): in-house QC records of the reports' week, so productivity shows
// its QC columns for the six agents; two agents' first record is auto-failed, so their pass rate is below 100%.
import { addDays, bestScores, localDayText, startOfLocalDay } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { standardValues } from '../modules/qc/scoring.ts';
import { DEMO_USERS } from './base.ts';
import { REPORTS_AGENTS, REPORTS_CAMPAIGN, WEEK_DID } from './reports.ts';

/** Each agent's first completes of yesterday get a record; these agents' first is auto-failed (Fatal). */
export const WEEK_QC_DEMO = {
  perAgent: 3,
  autoFailed: ['AG-1002', 'AG-1005'],
  inspector: DEMO_USERS.find((u) => u.role === 'qc')?.username ?? 'qc.rahman',
} as const;

/**
 * Seeds the records and answers how many it added. Every criterion at its best (total 100), but the auto-failed ones
 * are marked Fatal (-100 on the standard scorecard: total 0, below the pass mark). Runs after every other QC seeding: the
 * month of QC records (demo/qc.ts) seeds only into a table without records, and the disputes and the QC loop pick the
 * latest records, which would otherwise be these. Once: nothing is added when a chosen call already has a record.
 */
export async function seedReportsQcDemo(db: Db, timeZone: string, now: Date = new Date()): Promise<number> {
  const inspector = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', '=', WEEK_QC_DEMO.inspector)
    .executeTakeFirst();
  if (!inspector) return 0;
  const today = localDayText(now, timeZone);
  const yesterday = addDays(today, -1);
  const completes = await db
    .selectFrom('callAttempts')
    .innerJoin('leads', 'leads.id', 'callAttempts.leadId')
    .innerJoin('users', 'users.id', 'callAttempts.userId')
    .innerJoin('campaigns', 'campaigns.id', 'callAttempts.campaignId')
    .select([
      'callAttempts.userId',
      'callAttempts.agentId',
      'callAttempts.handleSeconds',
      'users.name as agentName',
      'leads.cellNumber',
      'campaigns.id as campaignId',
      'campaigns.campaignName',
    ])
    .where('campaigns.campaignName', '=', REPORTS_CAMPAIGN)
    .where('leads.did', 'like', `${WEEK_DID}%`)
    .where(
      'callAttempts.agentId',
      'in',
      REPORTS_AGENTS.map((a) => a.agentId),
    )
    .where('callAttempts.completed', '=', true)
    .where('callAttempts.endedAt', '>=', startOfLocalDay(yesterday, timeZone))
    .where('callAttempts.endedAt', '<', startOfLocalDay(today, timeZone))
    .orderBy('callAttempts.endedAt')
    .orderBy('callAttempts.id')
    .execute();
  const chosen = REPORTS_AGENTS.flatMap(({ agentId }) =>
    completes.filter((c) => c.agentId === agentId).slice(0, WEEK_QC_DEMO.perAgent),
  );
  if (chosen.length === 0) return 0;
  const seeded = await db
    .selectFrom('qcRecords')
    .select('id')
    .where('kind', '=', 'in-house')
    .where('callDate', '=', yesterday)
    .where(
      'consumerNumber',
      'in',
      chosen.map((c) => c.cellNumber),
    )
    .executeTakeFirst();
  if (seeded) return 0;
  const autoFailed = new Set<string>(WEEK_QC_DEMO.autoFailed);
  const rows = chosen.map((c, i) => {
    const failed = autoFailed.has(c.agentId) && chosen.findIndex((x) => x.agentId === c.agentId) === i;
    return {
      kind: 'in-house' as const,
      callDate: yesterday,
      agentUserId: c.userId,
      agentId: c.agentId,
      agentName: c.agentName,
      campaignId: c.campaignId,
      campaignName: c.campaignName,
      consumerNumber: c.cellNumber,
      duration: c.handleSeconds,
      qcInspectorId: inspector.id,
      qcInspector: inspector.username,
      ...standardValues({ ...bestScores(), ...(failed ? { fatal: -100 } : {}) }),
      fatalReason: failed ? "Shared the customer's data on the call" : '',
      easVoiceMatchedWithReport: 'yes',
      suggestion: failed ? 'Never read a customer’s details back to them' : 'Keep it up',
    };
  });
  await db.insertInto('qcRecords').values(rows).execute();
  return rows.length;
}
