// Demo data: a closed calibration session of three of the demo's QC-scored calls (with their recordings where linked),
// scored by three inspectors, one lenient and one strict, with the agreed (expert) marks recorded; and a second one of
// two Customer Care calls scored on its client form (demo/scorecards.ts), by labels with an N/A among the answers.
// Runs once: nothing is added when the session exists.
import {
  QC_CRITERIA,
  addDays,
  marksFromStored,
  scoreMarks,
  storedMarksOf,
  type TScorecardDefinition,
  type TScorecardMark,
  localDayText,
  qcGrade,
  qcTotal,
  startOfNextLocalDay,
  type TQcCriterionKey,
  type TQcScores,
} from '@crm/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { CalibrationCallsTable, CalibrationScoringsTable } from '../db/tables/calibration.ts';
import { DEMO_CALIBRATION_INSPECTORS, DEMO_QC_INSPECTORS } from './agents.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';
import { DEMO_SCORECARD } from './scorecards.ts';

export const DEMO_CALIBRATION_NAME = 'Demo calibration: a week of calls';
export const DEMO_CARD_CALIBRATION_NAME = 'Demo calibration: Customer Care client form';

/** The three inspectors of the demo session. */
const INSPECTORS = [
  DEMO_USERS.find((u) => u.role === 'qc')?.username ?? 'qc.rahman',
  DEMO_QC_INSPECTORS[0].username,
  DEMO_CALIBRATION_INSPECTORS[0].username,
];

/** One step along a criterion's scale: down (stricter) or up (more lenient), staying on the scale. */
function step(key: TQcCriterionKey, marks: number, direction: 1 | -1): number {
  const scale = [...(QC_CRITERIA.find((c) => c.key === key)?.scale ?? [])].map((s) => s.marks).sort((a, b) => a - b);
  const i = scale.indexOf(marks);
  return scale[Math.min(scale.length - 1, Math.max(0, i + direction))] ?? marks;
}

/** The agreed card, then how each inspector read it: the first as agreed, the second stricter, the third more lenient. */
function readings(expert: TQcScores, callIndex: number): TQcScores[] {
  const strict = { ...expert, liveliness: step('liveliness', expert.liveliness, -1), crm: step('crm', expert.crm, -1) };
  const lenient = { ...expert, pace: step('pace', expert.pace, 1), courtesy: step('courtesy', expert.courtesy, 1) };
  if (callIndex === 1) strict.closing = step('closing', expert.closing, -1);
  return [expert, strict, lenient];
}

type TUser = { id: number; username: string };
/** A call of a demo session: its row (the session, position and expert's name filled in) and each inspector's scoring. */
type TDemoCall = {
  call: Omit<Insertable<CalibrationCallsTable>, 'sessionId' | 'position' | 'expertBy' | 'expertAt'>;
  /** In the order of INSPECTORS; the first is the agreed reading. */
  scorings: Omit<Insertable<CalibrationScoringsTable>, 'callId' | 'inspectorId' | 'comment'>[];
};

/**
 * A closed demo session, once: nothing is added when one of its name exists, the three inspectors are not there, or
 * `findCalls` finds none. Its deadline was the day before yesterday; the admin closed it that evening, `closedHoursEarly`
 * before midnight. The second inspector's scorings carry `strictComment`.
 */
async function seedClosedSession(
  db: Db,
  timeZone: string,
  session: { name: string; closedHoursEarly: number; strictComment: string },
  findCalls: (today: string) => Promise<TDemoCall[]>,
): Promise<void> {
  const exists = await db
    .selectFrom('calibrationSessions')
    .select('id')
    .where('name', '=', session.name)
    .executeTakeFirst();
  if (exists) return;
  const today = localDayText(new Date(), timeZone);
  // Calls of a week ago and before; scoring ended the day before yesterday, when the admin closed the session.
  const deadline = addDays(today, -2);
  const inspectors = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', INSPECTORS)
    .where('role', '=', 'qc')
    .execute();
  const admin = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .executeTakeFirst();
  const calls = await findCalls(today);
  if (inspectors.length < INSPECTORS.length || calls.length === 0) return;
  const ordered = INSPECTORS.map((name) => inspectors.find((i) => i.username === name)).filter(
    (i): i is TUser => i !== undefined,
  );

  await db.transaction().execute(async (trx) => {
    const closesAt = startOfNextLocalDay(deadline, timeZone);
    const created = await trx
      .insertInto('calibrationSessions')
      .values({
        name: session.name,
        deadline,
        closesAt,
        closedAt: new Date(closesAt.getTime() - session.closedHoursEarly * 3_600_000),
        closedBy: admin?.username ?? 'admin',
        createdById: admin?.id ?? null,
        createdBy: admin?.username ?? 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('calibrationInspectors')
      .values(ordered.map((i) => ({ sessionId: created.id, userId: i.id })))
      .execute();
    for (const [index, c] of calls.entries()) {
      const call = await trx
        .insertInto('calibrationCalls')
        .values({
          ...c.call,
          sessionId: created.id,
          position: index + 1,
          expertBy: admin?.username ?? 'admin',
          expertAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, inspector] of ordered.entries()) {
        const scoring = c.scorings[i] ?? c.scorings[0];
        if (scoring === undefined) continue;
        await trx
          .insertInto('calibrationScorings')
          .values({
            ...scoring,
            callId: call.id,
            inspectorId: inspector.id,
            comment: i === 1 ? session.strictComment : '',
          })
          .execute();
      }
    }
  });
}

export async function seedCalibrationDemo(db: Db, timeZone: string): Promise<void> {
  await seedClosedSession(
    db,
    timeZone,
    { name: DEMO_CALIBRATION_NAME, closedHoursEarly: 6, strictComment: 'Energy dropped mid-call' },
    async (today) => {
      const records = await db
        .selectFrom('qcRecords')
        .leftJoin('qcRecordFiles', 'qcRecordFiles.qcRecordId', 'qcRecords.id')
        .select([
          'qcRecords.id',
          'qcRecords.campaignId',
          'qcRecords.campaignName',
          'qcRecords.consumerNumber',
          'qcRecords.callDate',
          'qcRecordFiles.fileName',
          ...QC_CRITERIA.map((c) => `qcRecords.${c.key}` as const),
        ])
        .where('qcRecords.kind', '=', 'in-house')
        .where('qcRecords.campaignName', '=', DEMO_CAMPAIGNS[0].campaignName)
        .where('qcRecords.fatal', '=', 0)
        .where('qcRecords.callDate', '<=', addDays(today, -7))
        // Calls with a recording first, then the newest.
        .orderBy((eb) => eb.case().when('qcRecordFiles.fileName', 'is', null).then(1).else(0).end())
        .orderBy('qcRecords.callDate', 'desc')
        .orderBy('qcRecords.id')
        .limit(3)
        .execute();
      return records.map((r, index) => {
        const expert = Object.fromEntries(QC_CRITERIA.map((c) => [c.key, Number(r[c.key])])) as TQcScores;
        return {
          call: {
            campaignId: r.campaignId,
            campaignName: r.campaignName,
            consumerNumber: r.consumerNumber,
            callDate: r.callDate,
            fileName: r.fileName,
            expert: JSON.stringify(expert),
          },
          scorings: readings(expert, index).map((scores) => {
            const total = qcTotal(scores);
            return { scores: JSON.stringify(scores), total, grade: qcGrade(total) };
          }),
        };
      });
    },
  );
}

/** One step along a criterion's scale of the client form, by label: down (stricter) or up, staying on the scale. */
function stepOnCard(d: TScorecardDefinition, key: string, choice: string | null, direction: 1 | -1): string | null {
  const scale = (d.sections.flatMap((s) => s.criteria).find((c) => c.key === key)?.choices ?? [])
    .slice()
    .sort((a, b) => a.marks - b.marks)
    .map((c) => c.label);
  if (choice === null) return scale[scale.length - 1] ?? null;
  const i = scale.indexOf(choice);
  return scale[Math.min(scale.length - 1, Math.max(0, i + direction))] ?? choice;
}

/**
 * How each inspector read a client-form call: the first as agreed; the second stricter on Question order and Probing
 * (with the comment the form asks for below the best); the third more lenient on Hold etiquette and, on the first call,
 * Verify identity N/A (the caller not an account holder).
 */
function cardReadings(d: TScorecardDefinition, expert: TScorecardMark[], callIndex: number): TScorecardMark[][] {
  const change = (marks: TScorecardMark[], key: string, direction: 1 | -1, comment: string) =>
    marks.map((m) => {
      if (m.key !== key) return m;
      const choice = stepOnCard(d, key, m.choice, direction);
      return { ...m, choice, comment: choice === m.choice ? m.comment : comment };
    });
  let strict = change(expert, 'questionOrder', -1, 'Q2 and Q3 asked out of order');
  strict = change(strict, 'probing', -1, 'Took the first answer without probing');
  let lenient = change(expert, 'hold', 1, '');
  if (callIndex === 0) lenient = lenient.map((m) => (m.key === 'verifyIdentity' ? { ...m, choice: null } : m));
  return [expert, strict, lenient];
}

/**
 * A closed calibration session of two Customer Care calls scored on the client form (each call keeps its version, as
 * a session created then would), the three demo inspectors' scorings and the expert's marks (the call's record's
 * marks). Runs once, after demo/scorecards.ts: nothing is added when the session exists or the form's records are not
 * there.
 */
export async function seedScorecardCalibrationDemo(db: Db, timeZone: string): Promise<void> {
  await seedClosedSession(
    db,
    timeZone,
    { name: DEMO_CARD_CALIBRATION_NAME, closedHoursEarly: 5, strictComment: 'The survey felt rushed' },
    async (today) => {
      const records = await db
        .selectFrom('qcRecords')
        .innerJoin('scorecards', 'scorecards.id', 'qcRecords.scorecardId')
        .select([
          'qcRecords.campaignId',
          'qcRecords.campaignName',
          'qcRecords.consumerNumber',
          'qcRecords.callDate',
          'qcRecords.scorecardId',
          'qcRecords.marks',
          'scorecards.definition',
        ])
        .where('scorecards.name', '=', DEMO_SCORECARD.name)
        .where('scorecards.state', '=', 'published')
        .where('qcRecords.kind', '=', 'in-house')
        .where('qcRecords.campaignName', '=', DEMO_CAMPAIGNS[1].campaignName)
        .where('qcRecords.callDate', '<=', addDays(today, -7))
        .orderBy('qcRecords.callDate', 'desc')
        .orderBy('qcRecords.id')
        .limit(2)
        .execute();
      return records.map((r, index) => {
        const expert = marksFromStored(r.marks);
        return {
          call: {
            campaignId: r.campaignId,
            campaignName: r.campaignName,
            consumerNumber: r.consumerNumber,
            callDate: r.callDate,
            fileName: null,
            scorecardId: r.scorecardId,
            expert: null,
            expertMarks: JSON.stringify(storedMarksOf(scoreMarks(r.definition, expert))),
          },
          scorings: cardReadings(r.definition, expert, index).map((marks) => {
            const result = scoreMarks(r.definition, marks);
            return {
              scores: null,
              marks: JSON.stringify(storedMarksOf(result)),
              total: result.total,
              grade: result.grade,
            };
          }),
        };
      });
    },
  );
}
