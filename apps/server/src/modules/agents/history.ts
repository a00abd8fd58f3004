// What refers to an agent (QC records, reviews, called leads, sign-ins) and how a refused delete names it.
import type { Db } from '../../db/schema.ts';

/** Counts of the rows that name the agent's user; each foreign key is RESTRICT (migration 0008). */
export type TAgentHistory = { qcRecords: number; reviews: number; calledLeads: number; signIns: number };

/** One query; each count reads an index except sign-ins and reviews (small tables). */
export async function findAgentHistory(db: Db, userId: number): Promise<TAgentHistory> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('qcRecords')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('agentUserId', '=', userId)
        .as('qcRecords'),
      eb
        .selectFrom('agentReviews')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('agentUserId', '=', userId)
        .as('reviews'),
      eb
        .selectFrom('leads')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('calledBy', '=', userId)
        .as('calledLeads'),
      eb
        .selectFrom('agentSessions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .as('signIns'),
    ])
    .executeTakeFirstOrThrow();
  return {
    qcRecords: Number(row.qcRecords),
    reviews: Number(row.reviews),
    calledLeads: Number(row.calledLeads),
    signIns: Number(row.signIns),
  };
}

export function hasHistory(history: TAgentHistory): boolean {
  return Object.values(history).some((n) => n > 0);
}

const NOUNS: Record<keyof TAgentHistory, [one: string, many: string]> = {
  qcRecords: ['QC record', 'QC records'],
  reviews: ['review', 'reviews'],
  calledLeads: ['called lead', 'called leads'],
  signIns: ['sign-in record', 'sign-in records'],
};

/**
 * e.g. "AG-1003 has 30 QC records and 212 called leads; set the agent Inactive instead". Only non-zero counts are
 * named; with none (a record this check does not count refused the delete) it says "records that refer to them".
 */
export function describeHistory(agentId: string, history: TAgentHistory): string {
  const parts = (Object.keys(NOUNS) as (keyof TAgentHistory)[])
    .filter((key) => history[key] > 0)
    .map((key) => `${history[key].toLocaleString('en-US')} ${NOUNS[key][history[key] === 1 ? 0 : 1]}`);
  const list =
    parts.length > 1
      ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`
      : (parts[0] ?? 'records that refer to them');
  return `${agentId} has ${list}; set the agent Inactive instead`;
}
