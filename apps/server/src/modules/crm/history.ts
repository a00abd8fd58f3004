// GET /api/ap/answerHistory/{leadId}: every survey save of a lead (who, when, the answers and is_called after it).
import type { TLeadAnswerHistoryEntry } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/** The lead's saves, newest first; none for a lead never saved (or an unknown id: the history outlives deleted leads). */
export async function findLeadAnswerHistory(db: Db, leadId: number): Promise<TLeadAnswerHistoryEntry[]> {
  const rows = await db
    .selectFrom('leadAnswerHistory')
    .select(['version', 'agentId', 'savedAt', 'answers', 'isCalled'])
    .where('leadId', '=', String(leadId))
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    agentId: r.agentId,
    savedAt: r.savedAt.toISOString(),
    answers: r.answers,
    isCalled: r.isCalled,
  }));
}
