// PUT /dynamic/updateLeadData/{t}/{cell}: a survey's answers written to exactly one lead, and nothing else; a save
// naming a version that is no longer current is refused, unless it is the retry of the caller's own save that made the
// current version (its answer lost); every save is kept in the lead's answer history and ends the caller's draft; a
// save that ends a call (is_called given) also writes the call's attempt with its disposition (docs/guide/call-loop.md).
import { sql } from 'kysely';
import {
  AGENT_PANEL_MESSAGES,
  DISPOSITION_MESSAGES,
  GENERATED_FOR_D,
  MAX_ANSWER_LENGTH,
  SAVE_DISPOSITION_KEY,
  SAVE_OUTCOME_UNKNOWN,
  formatQno,
  leadSavedByOtherMessage,
  storedAnswerProblem,
  type TDisposition,
  type TDoNotCallResult,
  type TLeadSaveResult,
  type TQuestionType,
  type TSavedAttempt,
  type TTokenPayload,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { classifyDatabaseError, failedBeforeAnyStatement } from '../../db/pg-errors.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, badRequest, notFound, staleVersion } from '../../http/errors.ts';
import type { TAuditActor } from '../audit/record.ts';
import { findCampaignDispositions, resolveDisposition } from '../dispositions/service.ts';
import { findLeadLayout, toVersionedLead } from '../leads/layout.ts';
import { countSaveInQuotas, findCountedQuotas } from '../quotas/counting.ts';
import { assertCanWorkOnCampaign, storedPhone } from '../questions/work-access.ts';
import { addCalledNumberToDnc } from './do-not-call.ts';

/** version: the lead's version as the caller looked it up; undefined (older clients) saves whatever the version. */
type SaveTarget = {
  campaignName: string;
  cellNumber: string;
  leadId?: number | undefined;
  version?: number | undefined;
};
type SurveyQuestion = { qno: number; title: string; type: TQuestionType; options: string[] };

/** What a body asks to write: answers to set, answers to clear, is_called, the disposition's code; and the keys that are not ours. */
type Changes = {
  set: Record<string, string>;
  clear: string[];
  isCalled: 0 | 1 | undefined;
  disposition: string | undefined;
  ignored: string[];
};

function isCalledOf(value: unknown): 0 | 1 | undefined | 'bad' {
  if (value === 1 || value === '1' || value === true) return 1;
  if (value === 0 || value === '0' || value === '' || value === false) return 0;
  return value === undefined ? undefined : 'bad';
}

/** Reads the body against the campaign's questions; every problem is reported at once, and nothing is written if there is one. */
function readChanges(body: Record<string, unknown>, questions: ReadonlyMap<string, SurveyQuestion>): Changes {
  const changes: Changes = { set: {}, clear: [], isCalled: undefined, disposition: undefined, ignored: [] };
  const problems: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'is_called') {
      const isCalled = isCalledOf(value);
      if (isCalled === 'bad') problems.push('is_called must be 0 or 1');
      else changes.isCalled = isCalled;
      continue;
    }
    if (key === SAVE_DISPOSITION_KEY) {
      if (typeof value === 'string' && value.trim() !== '') changes.disposition = value.trim();
      else if (value !== null) problems.push(DISPOSITION_MESSAGES.notACode);
      continue;
    }
    const question = questions.get(key);
    if (question === undefined) {
      changes.ignored.push(key);
      continue;
    }
    if (value === null) {
      changes.clear.push(key);
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      problems.push(`${key}: the answer must be text`);
      continue;
    }
    const answer = String(value).trim();
    const problem =
      answer.length > MAX_ANSWER_LENGTH
        ? `the answer is longer than ${MAX_ANSWER_LENGTH} characters`
        : storedAnswerProblem({ type: question.type, options: question.options.join(',') }, answer);
    if (problem !== undefined) problems.push(`${key} (${question.title}): ${problem}`);
    else changes.set[key] = answer;
  }
  if (problems.length > 0) throw badRequest(`The answers were not saved. ${problems.join('; ')}`);
  return changes;
}

/** Why a save naming a version wrote nothing although the lead is there: who made the current version, and when (in the zone). */
async function staleVersionMessage(db: Db, leadId: string, timeZone: string): Promise<string> {
  const last = await db
    .selectFrom('leadAnswerHistory')
    .select(['agentId', 'savedAt'])
    .where('leadId', '=', leadId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last === undefined
    ? AGENT_PANEL_MESSAGES.leadChanged
    : leadSavedByOtherMessage(last.agentId, last.savedAt, timeZone);
}

/** The database went away while the save's commit was on its way: it may have been stored (503 with a code). */
function saveOutcomeUnknown(cause: unknown): AppError {
  const error = new AppError(
    'SERVICE_UNAVAILABLE',
    AGENT_PANEL_MESSAGES.saveOutcomeUnknown,
    SAVE_OUTCOME_UNKNOWN,
    true,
  );
  error.cause = cause;
  return error;
}

/** The newest attempt of this user on the lead, as a save's reply shows it. */
async function findOwnLastAttempt(db: Db, leadId: string, userId: number): Promise<TSavedAttempt | undefined> {
  const row = await db
    .selectFrom('callAttempts')
    .select(['id', 'handleSeconds', 'dispositionCode', 'dispositionName', 'dispositionKind', 'dialerCallId'])
    .where('leadId', '=', leadId)
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : savedAttemptOf(row);
}

function savedAttemptOf(row: {
  id: string;
  handleSeconds: number;
  dispositionCode: string;
  dispositionName: string;
  dispositionKind: TDisposition['kind'];
  dialerCallId: string | null;
}): TSavedAttempt {
  return {
    id: Number(row.id),
    handleSeconds: row.handleSeconds,
    disposition: row.dispositionCode,
    dispositionName: row.dispositionName,
    dispositionKind: row.dispositionKind,
    dialerCallId: row.dialerCallId,
  };
}

/**
 * A save naming version `version` found the lead one version further: when that version is this user's own save of
 * these very changes (the first try, committed while its answer was lost), the lead as it stands and the attempt that
 * save wrote, to answer the retry as the first try would have been answered. Anyone else's save, other answers, or
 * another disposition is a real conflict.
 */
async function findOwnRepeat(
  db: Db,
  leadId: string,
  version: number,
  user: TTokenPayload,
  changes: Changes,
  disposition: TDisposition | undefined,
) {
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst();
  if (lead === undefined || lead.version !== version + 1) return undefined;
  const last = await db
    .selectFrom('leadAnswerHistory')
    .select(['version', 'userId'])
    .where('leadId', '=', leadId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.version !== lead.version || last.userId !== Number(user.sub)) return undefined;
  const answers = lead.answers as Record<string, unknown>;
  const same =
    Object.entries(changes.set).every(([key, value]) => answers[key] === value) &&
    changes.clear.every((key) => !(key in answers)) &&
    (changes.isCalled === undefined || (lead.isCalled === changes.isCalled && lead.calledBy === Number(user.sub)));
  if (!same) return undefined;
  if (changes.isCalled === undefined) return { lead, attempt: undefined };
  const attempt = await findOwnLastAttempt(db, leadId, Number(user.sub));
  return attempt !== undefined && attempt.disposition === disposition?.code ? { lead, attempt } : undefined;
}

/** Who made a save, for the audit entry of a do-not-call disposition (a request's actor, or the token's user). */
function actorOfToken(user: TTokenPayload): TAuditActor {
  const id = Number(user.sub);
  return {
    userId: Number.isSafeInteger(id) ? id : null,
    username: user.userName,
    role: user.roles[0]?.roleName ?? '',
    ip: null,
  };
}

/**
 * Writes the answers to the generated lead of that campaign and number (the one given by leadId, else the one
 * getByNumber returns), in one statement: only Q columns of this campaign's questions and is_called (with who
 * called and when). With a version, the statement writes only while the lead still has it, so of two saves made from
 * one lookup the second is refused (409) and changes nothing. Each save raises the version and adds a row to the
 * lead's answer history, and deletes the caller's draft of the lead (call-drafts.ts), in the same statement. Concurrent saves of one lead apply one after the other, each whole.
 * In a campaign with quotas the save also moves their counts in its transaction, and a full one refuses it (409).
 *
 * A save that ends a call (is_called given) is a call attempt, written by that same statement (docs/guide/call-loop.md):
 * from the caller's call start of the lead (lookup.ts; deleted by it) or now, to now, with the disposition the body
 * names or the campaign's default for the end (400 with a code for an unknown one or one the end contradicts, nothing
 * written); it also closes the lead's open callbacks. A do-not-call disposition then puts the number on the campaign's
 * do-not-call list (do-not-call.ts; a retry of the save does it again, harmlessly).
 */
export async function updateLeadAnswers(
  db: Db,
  user: TTokenPayload,
  target: SaveTarget,
  body: Record<string, unknown>,
  country: CountryCode,
  timeZone: string,
  actor: TAuditActor = actorOfToken(user),
): Promise<TLeadSaveResult> {
  assertCanWorkOnCampaign(user, target.campaignName);
  const phone = storedPhone(target.cellNumber, country);
  const layout = await findLeadLayout(db, target.campaignName);
  // The campaign's dispositions only for a save that ends a call or names one, read beside its questions.
  const [rows, dispositions] = await Promise.all([
    db
      .selectFrom('questions')
      .select(['qno', 'title', 'type', 'options'])
      .where('campaignId', '=', layout.campaignId)
      .execute(),
    'is_called' in body || SAVE_DISPOSITION_KEY in body ? findCampaignDispositions(db, layout.campaignId) : undefined,
  ]);
  const changes = readChanges(body, new Map(rows.map((q) => [formatQno(q.qno), q])));
  const endsCall = changes.isCalled !== undefined;
  const disposition =
    dispositions !== undefined && (endsCall || changes.disposition !== undefined)
      ? resolveDisposition(
          dispositions,
          layout.campaignName,
          changes.disposition,
          endsCall ? changes.isCalled === 1 : undefined,
        )
      : undefined;
  const userId = Number(user.sub);

  let lead = db
    .selectFrom('leads')
    .select('id')
    .where('campaignId', '=', layout.campaignId)
    .where('cellNumber', '=', phone)
    .where('forD', '=', GENERATED_FOR_D);
  if (target.leadId !== undefined) lead = lead.where('id', '=', String(target.leadId));
  const chosen = lead.orderBy('dataDate', 'desc').orderBy('id', 'desc').limit(1);

  const answers = sql<string>`(answers - ${changes.clear}::text[]) || ${JSON.stringify(changes.set)}::jsonb`;
  /** The call's end, written only by a save that ends a call (a correction of answers alone leaves the call open). */
  const callEnds = sql<boolean>`${endsCall}::boolean`;
  // One statement, so one transaction and one round trip: the update, and its history row from what it wrote.
  const save = (ex: Db) =>
    ex
      .with('saved', (qb) => {
        const update = qb
          .updateTable('leads')
          .set({
            answers,
            version: sql<number>`version + 1`,
            // A call's end (is_called given) records who called and when; a correction of answers alone does not.
            ...(changes.isCalled === undefined
              ? {}
              : { isCalled: changes.isCalled, calledBy: userId, calledAt: sql<Date>`now()` }),
          })
          .where('id', '=', chosen);
        // Checked by the UPDATE itself: a save committed meanwhile makes PostgreSQL re-read the row and skip it.
        return (target.version === undefined ? update : update.where('version', '=', target.version)).returningAll();
      })
      .with('history', (qb) =>
        qb
          .insertInto('leadAnswerHistory')
          .columns(['leadId', 'version', 'userId', 'agentId', 'answers', 'isCalled'])
          .expression((eb) =>
            eb
              .selectFrom('saved')
              .select((s) => [
                'saved.id',
                'saved.version',
                s.val(userId).as('userId'),
                s.val(user.agentId ?? user.userName).as('agentId'),
                'saved.answers',
                'saved.isCalled',
              ]),
          )
          .returning('leadAnswerHistory.id'),
      )
      // The caller's draft of this call is done with once the lead holds the answers: gone in the same statement.
      .with('cleared', (qb) =>
        qb
          .deleteFrom('callDrafts')
          .where('callDrafts.userId', '=', userId)
          .where('callDrafts.leadId', 'in', qb.selectFrom('saved').select('saved.id'))
          .returning('callDrafts.leadId'),
      )
      // The call's start (the caller's first lookup of the lead, or the dialer's pop), ended by this save.
      .with('started', (qb) =>
        qb
          .deleteFrom('callStarts')
          .where('callStarts.userId', '=', userId)
          .where('callStarts.leadId', 'in', qb.selectFrom('saved').select('saved.id'))
          .where(callEnds)
          .returning(['callStarts.startedAt', 'callStarts.dialerCallId']),
      )
      .with('attempt', (qb) =>
        qb
          .insertInto('callAttempts')
          .columns([
            'leadId',
            'campaignId',
            'userId',
            'agentId',
            'sessionId',
            'startedAt',
            'handleSeconds',
            'dispositionCode',
            'dispositionName',
            'dispositionKind',
            'vicidialStatus',
            'completed',
            'dialerCallId',
          ])
          .expression((eb) =>
            eb
              .selectFrom('saved')
              .leftJoin('started', (join) => join.onTrue())
              .select((s) => [
                'saved.id',
                'saved.campaignId',
                s.val(userId).as('userId'),
                s.val(user.agentId ?? user.userName).as('agentId'),
                // The token's sign-in, when it is still on record (a gone one must not refuse the save).
                (user.sid === undefined
                  ? sql<number | null>`null::int`
                  : sql<number | null>`(select id from agent_sessions where id = ${user.sid})`
                ).as('sessionId'),
                sql<Date>`coalesce(started.started_at, now())`.as('startedAt'),
                sql<number>`greatest(0, floor(extract(epoch from now() - coalesce(started.started_at, now()))))::int`.as(
                  'handleSeconds',
                ),
                s.val(disposition?.code ?? '').as('dispositionCode'),
                s.val(disposition?.name ?? '').as('dispositionName'),
                s.val(disposition?.kind ?? 'completed').as('dispositionKind'),
                s.val(disposition?.vicidialStatus ?? null).as('vicidialStatus'),
                s.val(changes.isCalled === 1).as('completed'),
                'started.dialerCallId',
              ])
              .where(callEnds),
          )
          .returning([
            'callAttempts.id',
            'callAttempts.handleSeconds',
            'callAttempts.dispositionCode',
            'callAttempts.dispositionName',
            'callAttempts.dispositionKind',
            'callAttempts.dialerCallId',
          ]),
      )
      // A call made closes the lead's callbacks still open (whoever set them): the respondent was called.
      .with('closed', (qb) =>
        qb
          .updateTable('callbacks')
          .set({ state: 'done', closedAt: sql<Date>`now()` })
          .where('callbacks.leadId', 'in', qb.selectFrom('saved').select('saved.id'))
          .where('callbacks.state', '=', 'open')
          .where(callEnds)
          .returning('callbacks.id'),
      )
      .selectFrom('saved')
      .leftJoin('attempt', (join) => join.onTrue())
      .selectAll('saved')
      .select([
        'attempt.id as attemptId',
        'attempt.handleSeconds',
        'attempt.dispositionCode',
        'attempt.dispositionName',
        'attempt.dispositionKind',
        'attempt.dialerCallId',
      ])
      .executeTakeFirst();
  // A campaign with quotas (docs/guide/quotas.md): the lead is locked and read first, so the counts move by exactly what
  // this save changes, in its transaction; a full quota refuses the save (409) and rolls the answers back.
  const quotas = await findCountedQuotas(db, layout.campaignId);
  // From here a lost connection leaves it unknown whether the save was committed (its one statement, or the COMMIT).
  let committing = false;
  let row;
  try {
    if (quotas.length === 0) {
      committing = true;
      row = await save(db);
    } else {
      row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('leads')
          .select(['isCalled', 'answers', 'fields'])
          .where('id', '=', chosen)
          .forUpdate()
          .executeTakeFirst();
        const saved = await save(trx);
        if (before !== undefined && saved !== undefined)
          await countSaveInQuotas(trx, quotas, { ...saved, ...before }, saved);
        committing = true;
        return saved;
      });
    }
  } catch (e) {
    if (committing && classifyDatabaseError(e) === 'unavailable' && !failedBeforeAnyStatement(e))
      throw saveOutcomeUnknown(e);
    throw e;
  }
  if (!row) {
    if (target.version !== undefined) {
      const current = await db.selectFrom('leads').select('id').where('id', '=', chosen).executeTakeFirst();
      if (current) {
        // The retry of a save whose answer was lost: answered as the first try was, nothing written again.
        const repeat = await findOwnRepeat(db, current.id, target.version, user, changes, disposition);
        if (repeat) {
          const doNotCall = await listIfDoNotCall(
            db,
            user,
            layout.campaignName,
            current.id,
            repeat.attempt?.dispositionKind,
            actor,
          );
          return savedReply(toVersionedLead(repeat.lead, layout), changes.ignored, repeat.attempt, doNotCall);
        }
        throw staleVersion(await staleVersionMessage(db, current.id, timeZone));
      }
    }
    const which = target.leadId === undefined ? '' : ` (lead ${target.leadId})`;
    throw notFound(`${layout.campaignName} has no generated lead with the number ${phone}${which}`);
  }
  const { attemptId, handleSeconds, dispositionCode, dispositionName, dispositionKind, dialerCallId, ...saved } = row;
  const attempt =
    attemptId === null ||
    handleSeconds === null ||
    dispositionCode === null ||
    dispositionName === null ||
    dispositionKind === null
      ? undefined
      : savedAttemptOf({
          id: attemptId,
          handleSeconds,
          dispositionCode,
          dispositionName,
          dispositionKind,
          dialerCallId,
        });
  const doNotCall = await listIfDoNotCall(db, user, layout.campaignName, saved.id, attempt?.dispositionKind, actor);
  return savedReply(toVersionedLead(saved, layout), changes.ignored, attempt, doNotCall);
}

/** A do-not-call disposition: the number goes on the campaign's list once the save stands (as the after-call button does). */
async function listIfDoNotCall(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  leadId: string,
  kind: TDisposition['kind'] | undefined,
  actor: TAuditActor,
): Promise<TDoNotCallResult | undefined> {
  if (kind !== 'dnc') return undefined;
  return addCalledNumberToDnc(db, user, { campaignName, leadId: Number(leadId) }, actor);
}

function savedReply(
  lead: TLeadSaveResult['lead'],
  ignored: string[],
  attempt: TSavedAttempt | undefined,
  doNotCall: TDoNotCallResult | undefined,
): TLeadSaveResult {
  return {
    message: AGENT_PANEL_MESSAGES.saved,
    lead,
    ignored,
    ...(attempt === undefined ? {} : { attempt }),
    ...(doNotCall === undefined ? {} : { doNotCall }),
  };
}
