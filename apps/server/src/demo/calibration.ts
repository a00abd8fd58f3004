// Demo data: a closed calibration session of three of the demo's QC-scored calls (with their recordings where linked),
// scored by three inspectors, one lenient and one strict, with the agreed (expert) marks recorded. Runs once: nothing
// is added when the session exists.
import {
  QC_CRITERIA,
  addDays,
  localDayText,
  qcGrade,
  qcTotal,
  startOfNextLocalDay,
  type TQcCriterionKey,
  type TQcScores,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { DEMO_CALIBRATION_INSPECTORS, DEMO_QC_INSPECTORS } from './agents.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';

export const DEMO_CALIBRATION_NAME = 'Demo calibration: a week of calls';

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

export async function seedCalibrationDemo(db: Db, timeZone: string): Promise<void> {
  const exists = await db
    .selectFrom('calibrationSessions')
    .select('id')
    .where('name', '=', DEMO_CALIBRATION_NAME)
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
  if (inspectors.length < INSPECTORS.length || records.length === 0) return;
  const ordered = INSPECTORS.map((name) => inspectors.find((i) => i.username === name)).filter((i) => i !== undefined);

  await db.transaction().execute(async (trx) => {
    const session = await trx
      .insertInto('calibrationSessions')
      .values({
        name: DEMO_CALIBRATION_NAME,
        deadline,
        closesAt: startOfNextLocalDay(deadline, timeZone),
        // The evening of the deadline day.
        closedAt: new Date(startOfNextLocalDay(deadline, timeZone).getTime() - 6 * 3_600_000),
        closedBy: admin?.username ?? 'admin',
        createdById: admin?.id ?? null,
        createdBy: admin?.username ?? 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('calibrationInspectors')
      .values(ordered.map((i) => ({ sessionId: session.id, userId: i.id })))
      .execute();
    for (const [index, r] of records.entries()) {
      const expert = Object.fromEntries(QC_CRITERIA.map((c) => [c.key, Number(r[c.key])])) as TQcScores;
      const call = await trx
        .insertInto('calibrationCalls')
        .values({
          sessionId: session.id,
          position: index + 1,
          campaignId: r.campaignId,
          campaignName: r.campaignName,
          consumerNumber: r.consumerNumber,
          callDate: r.callDate,
          fileName: r.fileName,
          expert: JSON.stringify(expert),
          expertBy: admin?.username ?? 'admin',
          expertAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cards = readings(expert, index);
      for (const [i, inspector] of ordered.entries()) {
        const scores = cards[i] ?? expert;
        const total = qcTotal(scores);
        await trx
          .insertInto('calibrationScorings')
          .values({
            callId: call.id,
            inspectorId: inspector.id,
            scores: JSON.stringify(scores),
            total,
            grade: qcGrade(total),
            comment: i === 1 ? 'Energy dropped mid-call' : '',
          })
          .execute();
      }
    }
  });
}
