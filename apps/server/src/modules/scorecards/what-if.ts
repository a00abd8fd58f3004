// What-if (docs/scorecards.md): a campaign's QC records of a period scored again under one version, their stored marks
// mapped by criterion key, and how totals, grades and the pass rate would move. Reads only, a page at a time.
import { sql } from 'kysely';
import {
  criteriaOf,
  scoreMarks,
  type TQcKind,
  type TScorecardCriterion,
  type TScorecardDefinition,
  type TScorecardFigures,
  type TScorecardMark,
  type TScorecardWhatIf,
  type TScorecardWhatIfRequest,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { findScorecardVersion } from './lookup.ts';
import { LOCAL_MESSAGES, findCampaignByName } from './rows.ts';

/** Records read per statement: 100k records never sit in memory at once. */
export const WHAT_IF_PAGE = 5000;
const MOVES_SHOWN = 50;

type TMove = TScorecardWhatIf['moves'][number];
type TTally = { n: number; sum: number; passed: number; grades: Map<string, number> };

const tally = (): TTally => ({ n: 0, sum: 0, passed: 0, grades: new Map() });
function count(t: TTally, total: number, grade: string, passed: boolean): void {
  t.n += 1;
  t.sum += total;
  if (passed) t.passed += 1;
  t.grades.set(grade, (t.grades.get(grade) ?? 0) + 1);
}

/** The version's bands, highest first (none left out), then any other grade the records had, the commonest first. */
function figuresOf(t: TTally, bands: readonly string[]): TScorecardFigures {
  const others = [...t.grades]
    .filter(([name]) => !bands.includes(name))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    averageTotal: t.n === 0 ? null : Math.round((t.sum / t.n) * 100) / 100,
    passRate: t.n === 0 ? null : t.passed / t.n,
    grades: [
      ...bands.map((name) => ({ name, count: t.grades.get(name) ?? 0 })),
      ...others.map(([name, c]) => ({ name, count: c })),
    ],
  };
}

const bestChoice = (c: TScorecardCriterion) =>
  c.choices.reduce((best, ch) => (ch.marks > best.marks ? ch : best), c.choices[0]!);

/** The choice whose marks are closest to `marks` (the first on the scale when two are as close). */
const closestChoice = (c: TScorecardCriterion, marks: number) =>
  c.choices.reduce(
    (near, ch) => (Math.abs(ch.marks - marks) < Math.abs(near.marks - marks) ? ch : near),
    c.choices[0]!,
  );

/**
 * A record's stored marks as marks of this version: a criterion found by key keeps its choice's label where the scale has
 * it, else takes the choice closest in marks; N/A stays N/A where allowed. A criterion not found, or N/A where N/A is not
 * allowed, is N/A where allowed and at its best otherwise.
 */
export function mapStoredMarks(
  criteria: readonly TScorecardCriterion[],
  stored: TStoredMarks,
  found?: Map<string, number>,
): TScorecardMark[] {
  return criteria.map((c) => {
    const m = stored[c.key];
    if (m !== undefined) found?.set(c.key, (found.get(c.key) ?? 0) + 1);
    const missing = c.allowNa ? null : bestChoice(c).label;
    let choice: string | null;
    if (m === undefined || m.choice === null || m.marks === null) choice = missing;
    else if (c.choices.some((ch) => ch.label === m.choice)) choice = m.choice;
    else choice = closestChoice(c, m.marks).label;
    return { key: c.key, choice, comment: m?.comment ?? '' };
  });
}

type TOwnVersion = { passMark: number; autoFail: [string, string][] };

/** POST /api/scorecards/{id}/what-if: nothing is written. `reads` may be the read replica. */
export async function whatIfScorecard(
  db: Db,
  reads: Db,
  id: number,
  q: TScorecardWhatIfRequest,
): Promise<TScorecardWhatIf> {
  const version = await findScorecardVersion(db, id);
  const campaign = await findCampaignByName(db, q.campaignName);
  if (!campaign) throw badRequest(LOCAL_MESSAGES.unknownCampaign(q.campaignName));
  const definition = version.definition;
  const criteria = criteriaOf(definition);
  const found = new Map<string, number>();
  const owns = new Map<number, TOwnVersion>();
  const ownVersion = async (scorecardId: number): Promise<TOwnVersion> => {
    let own = owns.get(scorecardId);
    if (own === undefined) {
      const d: TScorecardDefinition = (await findScorecardVersion(db, scorecardId)).definition;
      own = {
        passMark: d.passMark,
        autoFail: criteriaOf(d).flatMap((c): [string, string][] =>
          c.autoFailChoice === null ? [] : [[c.key, c.autoFailChoice]],
        ),
      };
      owns.set(scorecardId, own);
    }
    return own;
  };
  const before = tally();
  const after = tally();
  let moves: TMove[] = [];
  const keepLargest = () => {
    moves.sort(
      (a, b) =>
        Math.abs(b.after.total - b.before.total) - Math.abs(a.after.total - a.before.total) || a.recordId - b.recordId,
    );
    moves = moves.slice(0, MOVES_SHOWN);
  };
  for (const kind of ['in-house', 'client'] as const satisfies readonly TQcKind[]) {
    let last: { callDate: string; id: number } | null = null;
    for (;;) {
      const rows = await recordsPage(reads, campaign, kind, q, last);
      for (const r of rows) {
        const own = await ownVersion(r.scorecardId);
        const autoFailed = own.autoFail.some(([key, choice]) => r.marks[key]?.choice === choice);
        count(before, r.total, r.agentGrade, !autoFailed && r.total >= own.passMark);
        const scored = scoreMarks(definition, mapStoredMarks(criteria, r.marks, found));
        count(after, scored.total, scored.grade, scored.passed);
        if (scored.grade !== r.agentGrade) {
          moves.push({
            recordId: r.id,
            kind,
            agentId: r.agentId,
            callDate: r.callDate,
            before: { total: r.total, grade: r.agentGrade },
            after: { total: scored.total, grade: scored.grade },
          });
          if (moves.length > 10 * MOVES_SHOWN) keepLargest();
        }
      }
      if (rows.length < WHAT_IF_PAGE) break;
      const tail = rows[rows.length - 1]!;
      last = { callDate: tail.callDate, id: tail.id };
    }
  }
  keepLargest();
  const bands = [...definition.gradeBands].sort((a, b) => b.from - a.from).map((b) => b.name);
  return {
    campaignName: campaign.campaignName,
    from: q.from,
    to: q.to,
    records: after.n,
    criteria: criteria.map((c) => ({ key: c.key, name: c.name, mapped: found.get(c.key) ?? 0 })),
    before: figuresOf(before, bands),
    after: figuresOf(after, bands),
    moves,
  };
}

/** One page of the campaign's records of one kind in [from, to], by (call date, id) after `last`. */
async function recordsPage(
  reads: Db,
  campaign: { id: number; campaignName: string },
  kind: TQcKind,
  q: TScorecardWhatIfRequest,
  last: { callDate: string; id: number } | null,
) {
  return reads
    .selectFrom('qcRecords')
    .select(['id', 'agentId', 'callDate', 'scorecardId', 'marks', 'total', 'agentGrade'])
    .where('kind', '=', kind)
    .where('callDate', '>=', q.from)
    .where('callDate', '<=', q.to)
    .where((eb) =>
      eb.or([
        eb('campaignId', '=', campaign.id),
        eb.and([
          eb('campaignId', 'is', null),
          eb(sql<string>`lower(campaign_name)`, '=', campaign.campaignName.toLowerCase()),
        ]),
      ]),
    )
    .$if(last !== null, (qb) =>
      qb.where((eb) => eb(eb.refTuple('callDate', 'id'), '>', eb.tuple(last!.callDate, last!.id))),
    )
    .orderBy('callDate')
    .orderBy('id')
    .limit(WHAT_IF_PAGE)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, marks: r.marks as TStoredMarks })));
}
