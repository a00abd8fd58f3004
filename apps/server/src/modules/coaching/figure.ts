// The before/after figure of a session on closing (docs/coaching.md, Before and after): the focus criteria's average
// marks over the agent's next N in-house records of the campaign scored after the session was created, against the N
// before it; a verdict when the average share of the criteria's scale moved by at least the threshold.
import { COACHING_LIMITS, round2, type TCoachingResult, type TCoachingVerdict } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import { criteriaByKey, shareOfScale } from './focus.ts';

type TSession = { agentUserId: number; campaignId: number; createdAt: Date; focus: string[]; scorecardId: number };

async function recordsOf(db: Db, s: TSession, side: 'before' | 'after', count: number) {
  const order = side === 'before' ? 'desc' : 'asc';
  return (
    db
      .selectFrom('qcRecords')
      .select(['id', 'scorecardId', 'marks'])
      .where('agentUserId', '=', s.agentUserId)
      .where('campaignId', '=', s.campaignId)
      .where('kind', '=', 'in-house')
      // A record saved in the session's own transaction (the fatal one that opened it) counts as before.
      .where('createdAt', side === 'before' ? '<=' : '>', s.createdAt)
      .orderBy('createdAt', order)
      .orderBy('id', order)
      .limit(count)
      .execute()
  );
}

type TSideFigure = { records: number; share: number | null; averages: Map<string, number | null> };

/** Each focus criterion's average marks (N/A and records whose version lacks it left out) and the average share. */
async function sideFigure(
  db: Db,
  focus: string[],
  records: Awaited<ReturnType<typeof recordsOf>>,
  versions: Map<number, TScorecardVersion>,
): Promise<TSideFigure> {
  const sums = new Map(focus.map((k) => [k, { marks: 0, n: 0 }]));
  let shares = 0;
  let n = 0;
  for (const r of records) {
    let version = versions.get(r.scorecardId);
    if (!version) {
      version = await findScorecardVersion(db, r.scorecardId);
      versions.set(r.scorecardId, version);
    }
    const criteria = criteriaByKey(version);
    for (const key of focus) {
      const c = criteria.get(key);
      const m = r.marks[key];
      if (!c || !m || m.choice === null || m.marks === null) continue;
      const sum = sums.get(key)!;
      sum.marks += m.marks;
      sum.n += 1;
      shares += shareOfScale(c, m.marks);
      n += 1;
    }
  }
  return {
    records: records.length,
    share: n === 0 ? null : round2(shares / n),
    averages: new Map([...sums].map(([k, s]) => [k, s.n === 0 ? null : round2(s.marks / s.n)])),
  };
}

function verdictOf(change: number | null): TCoachingVerdict {
  if (change === null) return 'unknown';
  if (change >= COACHING_LIMITS.verdictThreshold) return 'improved';
  if (change <= -COACHING_LIMITS.verdictThreshold) return 'worse';
  return 'unchanged';
}

const WORDS: Record<TCoachingVerdict, string> = {
  improved: 'Improved',
  unchanged: 'Unchanged',
  worse: 'Worse',
  unknown: 'No comparison',
};

export async function beforeAfter(db: Db, s: TSession, compareCount: number): Promise<TCoachingResult> {
  const versions = new Map<number, TScorecardVersion>();
  const own = await findScorecardVersion(db, s.scorecardId);
  versions.set(own.id, own);
  const names = criteriaByKey(own);
  const before = await sideFigure(db, s.focus, await recordsOf(db, s, 'before', compareCount), versions);
  const after = await sideFigure(db, s.focus, await recordsOf(db, s, 'after', compareCount), versions);
  const change = before.share === null || after.share === null ? null : round2(after.share - before.share);
  const verdict = verdictOf(change);
  const fewer = (side: TSideFigure) => (side.records < compareCount ? ` (fewer than ${compareCount})` : '');
  const counts = `${before.records} record${before.records === 1 ? '' : 's'} before${fewer(before)} and ${after.records} after${fewer(after)}`;
  const summary =
    change === null
      ? `${WORDS.unknown}: no scored focus criterion ${before.share === null ? 'before' : 'after'} the session; ${counts}`
      : `${WORDS[verdict]}: ${before.share}% → ${after.share}% of the focus criteria's scale (${change >= 0 ? '+' : ''}${change} points) over ${counts}`;
  return {
    compareCount,
    before: { records: before.records, share: before.share },
    after: { records: after.records, share: after.share },
    criteria: s.focus.map((key) => ({
      key,
      name: names.get(key)?.name ?? key,
      before: before.averages.get(key) ?? null,
      after: after.averages.get(key) ?? null,
    })),
    change,
    verdict,
    summary,
  };
}
