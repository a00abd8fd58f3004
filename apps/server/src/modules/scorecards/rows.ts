// Scorecard versions as the API answers them: a row with its campaigns (usedBy) and its QC records' count; the
// refusals' codes; the lock every write of scorecards takes; the campaign a name stands for.
import { sql, type Selectable } from 'kysely';
import {
  STANDARD_SCORECARD_ID,
  ZScorecardDefinition,
  criteriaOf,
  type TScorecard,
  type TScorecardDefinition,
  type TScorecardVersionSummary,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { ScorecardsTable } from '../../db/tables/scorecards.ts';
import { AppError, duplicate, notFound } from '../../http/errors.ts';

/** The codes of the refusals the scorecards screens tell apart (docs/scorecards.md, The API). */
export const SCORECARD_CODES = {
  draftExists: 'DRAFT_EXISTS',
  /** A version in the wrong state for the change: a published or retired one edited, a draft retired, and the like. */
  wrongState: 'WRONG_STATE',
  noChange: 'NO_CHANGE',
  inUse: 'IN_USE',
  builtIn: 'BUILT_IN',
} as const;

export const LOCAL_MESSAGES = {
  onlyPublishedRetire: 'Only a published version can be retired; a draft is edited or published',
  builtInFixed:
    'The built-in "Standard" scorecard is the spec\'s and does not change: copy it into a scorecard of your own',
  nameTaken: (name: string) => `A scorecard named "${name}" already exists`,
  unknownCampaign: (name: string) => `No campaign named "${name}"`,
} as const;

export const refuse = (status: 'BAD_REQUEST' | 'CONFLICT', message: string, code: string) =>
  new AppError(status, message, code);

export type TScorecardRow = Selectable<ScorecardsTable>;
export type TUse = { campaignName: string; kind: 'in-house' | 'client' };

/** The advisory lock class of scorecard writes (one key, 0: every write of scorecards and campaign choices). */
const SCORECARD_LOCK_CLASS = 5151;

/**
 * Every scorecard write runs under this transaction-scoped lock: one at a time, so a name checked free stays free and
 * "the latest version" stays the latest until the write commits.
 */
export async function lockScorecards(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SCORECARD_LOCK_CLASS}, 0)`.execute(trx);
}

/** The stored definition, read through the contract so defaults of older content are filled in. */
export function definitionOf(row: Pick<TScorecardRow, 'definition'>): TScorecardDefinition {
  return ZScorecardDefinition.parse(row.definition);
}

/** The version with this id, or 404 naming the id. */
export async function findScorecardRow(db: Db, id: number, forUpdate = false): Promise<TScorecardRow> {
  const row = await db
    .selectFrom('scorecards')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(`No scorecard with id ${id}`);
  return row;
}

/** Which campaigns use which version now: each campaign's row, and "Standard" for both kinds where it has none. */
export async function findUses(db: Db): Promise<Map<number, TUse[]>> {
  const rows = await db
    .selectFrom('campaigns as c')
    .leftJoin('campaignScorecards as cs', 'cs.campaignId', 'c.id')
    .select(['c.campaignName', 'cs.inHouseId', 'cs.clientId'])
    .orderBy('c.campaignName')
    .execute();
  const uses = new Map<number, TUse[]>();
  const add = (id: number, use: TUse) => uses.set(id, [...(uses.get(id) ?? []), use]);
  for (const r of rows) {
    add(r.inHouseId ?? STANDARD_SCORECARD_ID, { campaignName: r.campaignName, kind: 'in-house' });
    add(r.clientId ?? STANDARD_SCORECARD_ID, { campaignName: r.campaignName, kind: 'client' });
  }
  return uses;
}

/** QC records scored on each version (of those given, or every version). */
export async function countRecords(db: Db, ids?: readonly number[]): Promise<Map<number, number>> {
  if (ids !== undefined && ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('qcRecords')
    .select(['scorecardId', sql<number>`count(*)::int`.as('n')])
    .$if(ids !== undefined, (q) => q.where('scorecardId', 'in', ids ?? []))
    .groupBy('scorecardId')
    .execute();
  return new Map(rows.map((r) => [r.scorecardId, r.n]));
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** One version as GET /api/scorecards/{id} answers it. */
export function toScorecard(row: TScorecardRow, usedBy: TUse[], records: number): TScorecard {
  const definition = definitionOf(row);
  return {
    ...definition,
    id: row.id,
    scorecardId: row.scorecardId,
    version: row.version,
    state: row.state,
    builtIn: row.builtIn,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    publishedAt: iso(row.publishedAt),
    retiredAt: iso(row.retiredAt),
    usedBy,
    records,
  };
}

/** One version as the list of every scorecard answers it. */
export function toSummary(row: TScorecardRow, usedBy: TUse[], records: number): TScorecardVersionSummary {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    state: row.state,
    scoringMode: row.definition.scoringMode,
    criteria: criteriaOf(row.definition).length,
    createdAt: row.createdAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    retiredAt: iso(row.retiredAt),
    usedBy,
    records,
  };
}

/** The version with its campaigns and records, read after a write (in the write's transaction). */
export async function scorecardOf(db: Db, id: number): Promise<TScorecard> {
  const row = await findScorecardRow(db, id);
  const [uses, records] = await Promise.all([findUses(db), countRecords(db, [id])]);
  return toScorecard(row, uses.get(id) ?? [], records.get(id) ?? 0);
}

/**
 * 409 DUPLICATE (field name) when another scorecard's latest version has this name, in any case. `ownScorecardId`:
 * the scorecard a new version or an edit belongs to, which may keep its own name.
 */
export async function checkNameFree(db: Db, name: string, ownScorecardId: number | null): Promise<void> {
  const taken = await db
    .selectFrom('scorecards as s')
    .select('s.id')
    .where(sql<string>`lower(s.name)`, '=', name.trim().toLowerCase())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('scorecards as later')
            .select('later.id')
            .whereRef('later.scorecardId', '=', 's.scorecardId')
            .whereRef('later.version', '>', 's.version'),
        ),
      ),
    )
    .$if(ownScorecardId !== null, (q) => q.where('s.scorecardId', '<>', ownScorecardId ?? 0))
    .executeTakeFirst();
  if (taken) throw duplicate(LOCAL_MESSAGES.nameTaken(name.trim()), 'name');
}

/** The campaign a name stands for, in any case; undefined when there is none. */
export async function findCampaignByName(
  db: Db,
  campaignName: string,
): Promise<{ id: number; campaignName: string } | undefined> {
  return db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(sql<string>`lower(campaign_name)`, '=', campaignName.trim().toLowerCase())
    .executeTakeFirst();
}
