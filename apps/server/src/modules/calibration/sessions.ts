// Calibration sessions: an admin creates one (calls, inspectors, deadline) and closes it; the list and one session,
// with the blind rule applied to what an inspector sees of the others' marks.
import { sql } from 'kysely';
import {
  CALIBRATION_MESSAGES,
  localDayText,
  normalisePhone,
  startOfNextLocalDay,
  type TCalibrationCall,
  type TCalibrationSession,
  type TCalibrationSessionCreate,
  type TCalibrationSessionSummary,
  type TPageParams,
  type TPaged,
  type TTokenPayload,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { toPaged } from '../../http/pagination.ts';
import type { VoiceLogSource } from '../voicelog/media.ts';
import { parseRecordingName, phoneKey } from '../voicelog/names.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { campaignScorecardId, type TScorecardVersion } from '../scorecards/lookup.ts';
import { findSessionRow, isAdmin, isClosed, sessionForCaller, userIdOf, type TSessionRow } from './access.ts';
import { blockOf, refOf, storedOf, toScoring as scoringOf, versionsOf, type TScoringRow } from './marks.ts';

export type TCalibrationDeps = { db: Db; voiceLog: VoiceLogSource; country: CountryCode; timeZone: string };

/** The list rows' counts, for the sessions given, as the user sees them. */
async function summariesOf(db: Db, rows: TSessionRow[], userId: number): Promise<TCalibrationSessionSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [calls, inspectors, scorings] = await Promise.all([
    db
      .selectFrom('calibrationCalls')
      .select(['sessionId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sessionId', 'in', ids)
      .groupBy('sessionId')
      .execute(),
    db
      .selectFrom('calibrationInspectors')
      .select(['sessionId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sessionId', 'in', ids)
      .groupBy('sessionId')
      .execute(),
    db
      .selectFrom('calibrationScorings')
      .innerJoin('calibrationCalls', 'calibrationCalls.id', 'calibrationScorings.callId')
      .select([
        'calibrationCalls.sessionId',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`count(*) filter (where calibration_scorings.inspector_id = ${userId})`.as('mine'),
      ])
      .where('calibrationCalls.sessionId', 'in', ids)
      .groupBy('calibrationCalls.sessionId')
      .execute(),
  ]);
  const count = (list: { sessionId: number; n: number | string }[], id: number) =>
    Number(list.find((r) => r.sessionId === id)?.n ?? 0);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    deadline: r.deadline,
    closesAt: r.closesAt.toISOString(),
    status: isClosed(r) ? 'closed' : 'open',
    closedAt: r.closedAt?.toISOString() ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    callCount: count(calls, r.id),
    inspectorCount: count(inspectors, r.id),
    scoringCount: count(scorings, r.id),
    scoredByMe: Number(scorings.find((s) => s.sessionId === r.id)?.mine ?? 0),
  }));
}

export async function summaryOf(db: Db, row: TSessionRow, userId: number): Promise<TCalibrationSessionSummary> {
  const [summary] = await summariesOf(db, [row], userId);
  return summary as TCalibrationSessionSummary;
}

/** GET /api/calibration/pagination/{page}/{size}: admins every session, inspectors those they take part in; newest first. */
export async function listCalibrationSessions(
  db: Db,
  user: TTokenPayload,
  page: TPageParams,
): Promise<TPaged<TCalibrationSessionSummary>> {
  const userId = userIdOf(user);
  let q = db.selectFrom('calibrationSessions');
  if (!isAdmin(user)) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('calibrationInspectors')
          .select('userId')
          .whereRef('calibrationInspectors.sessionId', '=', 'calibrationSessions.id')
          .where('calibrationInspectors.userId', '=', userId),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    q
      .select(['id', 'name', 'deadline', 'closesAt', 'closedAt', 'closedBy', 'createdBy', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(page.page * page.size)
      .execute(),
    q
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  return toPaged(await summariesOf(db, rows, userId), total, page);
}

/** A call's recording must be a file of the voice log of its date whose name names its consumer number. */
async function assertRecordingOfCall(
  deps: TCalibrationDeps,
  call: { callDate: string; consumerNumber: string; fileName: string },
  n: number,
): Promise<void> {
  const { phoneNumber } = parseRecordingName(call.fileName, deps.country);
  if (phoneNumber === '' || phoneKey(phoneNumber, deps.country) !== phoneKey(call.consumerNumber, deps.country)) {
    throw badRequest(`Call ${n}: "${call.fileName}" is not a recording of ${call.consumerNumber}`);
  }
  if (!(await deps.voiceLog.has({ date: call.callDate, name: call.fileName }, call.consumerNumber))) {
    throw badRequest(`Call ${n}: "${call.fileName}" is not in the voice log of ${call.callDate}`);
  }
}

/** POST /api/calibration: checks the inspectors, campaigns, numbers and recordings, then stores it all in one transaction. */
export async function createCalibrationSession(
  deps: TCalibrationDeps,
  user: TTokenPayload,
  input: TCalibrationSessionCreate,
  actor: TAuditActor,
): Promise<TCalibrationSessionSummary> {
  const { db } = deps;
  if (input.deadline < localDayText(new Date(), deps.timeZone)) throw badRequest('deadline must be today or later');
  const inspectors = await db
    .selectFrom('users')
    .select(['id', 'role', 'active'])
    .where('id', 'in', input.inspectorIds)
    .execute();
  for (const id of input.inspectorIds) {
    const found = inspectors.find((u) => u.id === id);
    if (!found || found.role !== 'qc' || !found.active) throw badRequest(`User ${id} is not an active QC inspector`);
  }
  const campaigns = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(
      sql<string>`lower(campaign_name)`,
      'in',
      input.calls.map((c) => c.campaignName.toLowerCase()),
    )
    .execute();
  const calls: {
    position: number;
    campaignId: number;
    scorecardId: number;
    campaignName: string;
    consumerNumber: string;
    callDate: string;
    fileName: string | null;
  }[] = [];
  const seen = new Set<string>();
  for (const [i, call] of input.calls.entries()) {
    const n = i + 1;
    const campaign = campaigns.find((c) => c.campaignName.toLowerCase() === call.campaignName.toLowerCase());
    if (!campaign) throw badRequest(`Call ${n}: no campaign named "${call.campaignName}"`);
    const consumerNumber = normalisePhone(call.consumerNumber, deps.country);
    if (consumerNumber === null) throw badRequest(`Call ${n}: "${call.consumerNumber}" is not a phone number`);
    const key = [campaign.id, consumerNumber, call.callDate, call.fileName ?? ''].join('|');
    if (seen.has(key)) throw badRequest(`Call ${n} is listed twice`);
    seen.add(key);
    if (call.fileName)
      await assertRecordingOfCall(deps, { callDate: call.callDate, consumerNumber, fileName: call.fileName }, n);
    calls.push({
      position: n,
      campaignId: campaign.id,
      // The campaign's in-house version now: the call keeps it even when the campaign moves to another.
      scorecardId: await campaignScorecardId(db, campaign.id, 'in-house'),
      campaignName: campaign.campaignName,
      consumerNumber,
      callDate: call.callDate,
      fileName: call.fileName,
    });
  }
  const row = await db.transaction().execute(async (trx) => {
    const session = await trx
      .insertInto('calibrationSessions')
      .values({
        name: input.name,
        deadline: input.deadline,
        closesAt: startOfNextLocalDay(input.deadline, deps.timeZone),
        createdById: userIdOf(user),
        createdBy: user.userName,
      })
      .returning(['id', 'name', 'deadline', 'closesAt', 'closedAt', 'closedBy', 'createdBy', 'createdAt'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('calibrationInspectors')
      .values(input.inspectorIds.map((userId) => ({ sessionId: session.id, userId })))
      .execute();
    await trx
      .insertInto('calibrationCalls')
      .values(calls.map((c) => ({ ...c, sessionId: session.id })))
      .execute();
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'calibrationSession',
      objectId: session.id,
      changes: {
        after: { name: input.name, deadline: input.deadline, inspectorIds: input.inspectorIds, calls: calls.length },
      },
    });
    return session;
  });
  return summaryOf(db, row, userIdOf(user));
}

/** Every scoring of the session's calls, with the inspector's name. */
export async function readScorings(db: Db, sessionId: number): Promise<TScoringRow[]> {
  return db
    .selectFrom('calibrationScorings')
    .innerJoin('calibrationCalls', 'calibrationCalls.id', 'calibrationScorings.callId')
    .innerJoin('users', 'users.id', 'calibrationScorings.inspectorId')
    .select([
      'calibrationScorings.callId',
      'calibrationScorings.inspectorId',
      'users.name as inspectorName',
      'calibrationScorings.scores',
      'calibrationScorings.marks',
      'calibrationScorings.total',
      'calibrationScorings.grade',
      'calibrationScorings.comment',
      'calibrationScorings.submittedAt',
    ])
    .where('calibrationCalls.sessionId', '=', sessionId)
    .orderBy('users.name')
    .orderBy('calibrationScorings.inspectorId')
    .execute();
}

export async function readInspectors(db: Db, sessionId: number) {
  return db
    .selectFrom('calibrationInspectors')
    .innerJoin('users', 'users.id', 'calibrationInspectors.userId')
    .select(['users.id', 'users.username', 'users.name'])
    .where('calibrationInspectors.sessionId', '=', sessionId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export async function readCalls(db: Db, sessionId: number) {
  return db
    .selectFrom('calibrationCalls')
    .select([
      'id',
      'position',
      'campaignName',
      'consumerNumber',
      'callDate',
      'fileName',
      'expert',
      'expertMarks',
      'scorecardId',
    ])
    .where('sessionId', '=', sessionId)
    .orderBy('position')
    .execute();
}

/**
 * GET /api/calibration/{id}: the session, its calls and the caller's scorings. Another inspector's marks of a call
 * show to an inspector only once it has submitted its own for that call; the expert marks only once the session is
 * closed. An admin sees everything.
 */
export async function findCalibrationSession(db: Db, user: TTokenPayload, id: number): Promise<TCalibrationSession> {
  const { session, participant } = await sessionForCaller(db, user, id);
  const me = userIdOf(user);
  const admin = isAdmin(user);
  const closed = isClosed(session);
  const [summary, inspectors, calls, scorings] = await Promise.all([
    summaryOf(db, session, me),
    readInspectors(db, id),
    readCalls(db, id),
    readScorings(db, id),
  ]);
  const versions = await versionsOf(
    db,
    calls.map((c) => c.scorecardId),
  );
  const callViews: TCalibrationCall[] = calls.map((c) => {
    const version = versions.get(c.scorecardId) as TScorecardVersion;
    const toScoring = (r: TScoringRow) => scoringOf(r, version);
    const ofCall = scorings.filter((s) => s.callId === c.id);
    const expertStored = storedOf({ marks: c.expertMarks, scores: c.expert });
    const expertBlock = expertStored ? blockOf(version, expertStored) : null;
    const mine = ofCall.find((s) => s.inspectorId === me);
    const othersVisible = admin || mine !== undefined;
    const expertVisible = admin || closed;
    return {
      id: c.id,
      position: c.position,
      campaignName: c.campaignName,
      consumerNumber: c.consumerNumber,
      callDate: c.callDate,
      fileName: c.fileName,
      myScoring: mine ? toScoring(mine) : null,
      scorings: othersVisible ? ofCall.filter((s) => s.inspectorId !== me).map(toScoring) : [],
      scoredCount: ofCall.length,
      expert: expertVisible ? c.expert : null,
      expertTotal: expertVisible && expertBlock ? expertBlock.total : null,
      scorecardId: c.scorecardId,
      scorecardRef: refOf(version),
      expertScorecard: expertVisible ? expertBlock : null,
    };
  });
  return {
    ...summary,
    inspectors: inspectors.map((i) => ({ ...i, scored: scorings.filter((s) => s.inspectorId === i.id).length })),
    calls: callViews,
    participant,
  };
}

/** POST /api/calibration/{id}/close: an admin ends the scoring now (409 when it is closed already). */
export async function closeCalibrationSession(
  db: Db,
  user: TTokenPayload,
  id: number,
  actor: TAuditActor,
): Promise<TCalibrationSessionSummary> {
  const session = await findSessionRow(db, id);
  if (isClosed(session)) throw conflict(CALIBRATION_MESSAGES.alreadyClosed);
  const row = await db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('calibrationSessions')
      .set({ closedAt: new Date(), closedBy: user.userName })
      .where('id', '=', id)
      .where('closedAt', 'is', null)
      .returning(['id', 'name', 'deadline', 'closesAt', 'closedAt', 'closedBy', 'createdBy', 'createdAt'])
      .executeTakeFirst();
    if (!closed) throw conflict(CALIBRATION_MESSAGES.alreadyClosed);
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'calibrationSession',
      objectId: id,
      changes: { before: { status: 'open' }, after: { status: 'closed' } },
    });
    return closed;
  });
  return summaryOf(db, row, userIdOf(user));
}
