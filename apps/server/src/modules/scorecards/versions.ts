// Writing drafts (docs/scorecards.md, Versions and the lifecycle): a new scorecard, a new draft version of one (copyOf),
// an edit of a draft, and an import; each in one transaction with its audit entry.
import { sql } from 'kysely';
import {
  SCORECARD_MESSAGES,
  criteriaOf,
  type TScorecard,
  type TScorecardCreate,
  type TScorecardDefinition,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { changedFields, recordAudit, type TAuditActor } from '../audit/record.ts';
import {
  LOCAL_MESSAGES,
  SCORECARD_CODES,
  checkNameFree,
  definitionOf,
  findScorecardRow,
  lockScorecards,
  refuse,
  scorecardOf,
  type TScorecardRow,
} from './rows.ts';

type TNewVersion = { id?: number; scorecardId: number; version: number; definition: TScorecardDefinition };

async function insertDraft(trx: Db, v: TNewVersion, actor: TAuditActor): Promise<number> {
  const row = await trx
    .insertInto('scorecards')
    .values({
      ...(v.id === undefined ? {} : { id: v.id }),
      scorecardId: v.scorecardId,
      version: v.version,
      name: v.definition.name,
      state: 'draft',
      definition: JSON.stringify(v.definition),
      createdById: actor.userId,
      createdBy: actor.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The scorecard's draft, if it has one. */
async function findDraft(trx: Db, scorecardId: number): Promise<TScorecardRow | undefined> {
  return trx
    .selectFrom('scorecards')
    .selectAll()
    .where('scorecardId', '=', scorecardId)
    .where('state', '=', 'draft')
    .executeTakeFirst();
}

const draftExists = (draft: TScorecardRow) =>
  refuse('CONFLICT', SCORECARD_MESSAGES.draftExists(draft.name, draft.version), SCORECARD_CODES.draftExists);

/** Version 1 of a new scorecard: its scorecard_id is its own id. */
async function createFirstDraft(
  trx: Db,
  definition: TScorecardDefinition,
  actor: TAuditActor,
  note: string,
): Promise<number> {
  await checkNameFree(trx, definition.name, null);
  const { rows } = await sql<{ id: number }>`select nextval('scorecards_id_seq')::int as id`.execute(trx);
  const id = rows[0]!.id;
  await insertDraft(trx, { id, scorecardId: id, version: 1, definition }, actor);
  await recordAudit(trx, actor, {
    action: 'create',
    objectType: 'scorecard',
    objectId: id,
    changes: { after: summaryOf(definition, id, 1), note },
  });
  return id;
}

/** A new draft version of the scorecard `copyOf` belongs to: the body's content, or the copied version's. */
async function createNextDraft(
  trx: Db,
  copyOf: number,
  given: TScorecardDefinition | null,
  actor: TAuditActor,
): Promise<number> {
  const source = await findScorecardRow(trx, copyOf);
  // The older client's records and every spec shape are Standard version 1's: it has no other version.
  if (source.builtIn) throw refuse('CONFLICT', LOCAL_MESSAGES.builtInFixed, SCORECARD_CODES.builtIn);
  const draft = await findDraft(trx, source.scorecardId);
  if (draft) throw draftExists(draft);
  const definition = given ?? definitionOf(source);
  await checkNameFree(trx, definition.name, source.scorecardId);
  const { max } = await trx
    .selectFrom('scorecards')
    .select((eb) => eb.fn.max('version').as('max'))
    .where('scorecardId', '=', source.scorecardId)
    .executeTakeFirstOrThrow();
  const version = (max ?? 0) + 1;
  const id = await insertDraft(trx, { scorecardId: source.scorecardId, version, definition }, actor).catch(
    async (e: unknown) => {
      // A draft made by a request that did not take the lock (none should): the same refusal.
      if (isUniqueViolation(e, 'scorecards_one_draft')) throw draftExists((await findDraft(trx, source.scorecardId))!);
      throw e;
    },
  );
  await recordAudit(trx, actor, {
    action: 'create',
    objectType: 'scorecard',
    objectId: id,
    changes: {
      after: summaryOf(definition, source.scorecardId, version),
      note: `new draft version of scorecard ${source.scorecardId}, from version ${source.version} (id ${source.id})`,
    },
  });
  return id;
}

function summaryOf(definition: TScorecardDefinition, scorecardId: number, version: number) {
  return {
    name: definition.name,
    scorecardId,
    scorecardVersion: version,
    state: 'draft',
    scoringMode: definition.scoringMode,
    criteria: criteriaOf(definition).length,
  };
}

/** POST /api/scorecards: a new scorecard's first draft, or with `copyOf` a new draft version of that scorecard. */
export async function createScorecard(db: Db, body: TScorecardCreate, actor: TAuditActor): Promise<TScorecard> {
  return db.transaction().execute(async (trx) => {
    await lockScorecards(trx);
    let id: number;
    if ('name' in body) {
      const { copyOf, ...definition } = body;
      id =
        copyOf === undefined
          ? await createFirstDraft(trx, definition, actor, 'new scorecard')
          : await createNextDraft(trx, copyOf, definition, actor);
    } else {
      id = await createNextDraft(trx, body.copyOf, null, actor);
    }
    return scorecardOf(trx, id);
  });
}

/** POST /api/scorecards/import: the file's content as the first draft of a new scorecard. */
export async function importScorecard(
  db: Db,
  definition: TScorecardDefinition,
  actor: TAuditActor,
): Promise<TScorecard> {
  return db.transaction().execute(async (trx) => {
    await lockScorecards(trx);
    const id = await createFirstDraft(trx, definition, actor, 'imported from a scorecard file');
    return scorecardOf(trx, id);
  });
}

/** 409 unless the version is a draft: a published or retired version never changes. */
export function checkDraft(row: TScorecardRow): void {
  if (row.state === 'published')
    throw refuse('CONFLICT', SCORECARD_MESSAGES.publishedCannotChange, SCORECARD_CODES.wrongState);
  if (row.state === 'retired')
    throw refuse('CONFLICT', SCORECARD_MESSAGES.retiredCannotChange, SCORECARD_CODES.wrongState);
}

/** PUT /api/scorecards/{id}: a draft's new content. */
export async function updateScorecard(
  db: Db,
  id: number,
  definition: TScorecardDefinition,
  actor: TAuditActor,
): Promise<TScorecard> {
  return db.transaction().execute(async (trx) => {
    await lockScorecards(trx);
    const row = await findScorecardRow(trx, id, true);
    checkDraft(row);
    await checkNameFree(trx, definition.name, row.scorecardId);
    await trx
      .updateTable('scorecards')
      .set({ name: definition.name, definition: JSON.stringify(definition), updatedAt: new Date() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'scorecard',
      objectId: id,
      changes: changedFields(definitionOf(row), definition),
    });
    return scorecardOf(trx, id);
  });
}
