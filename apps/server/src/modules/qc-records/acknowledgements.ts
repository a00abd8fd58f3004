// The agent's acknowledgement of an in-house QC record, and the overdue ones (docs/qc-records.md, Acknowledgement):
// the agent signs a record off once; a record neither acknowledged nor answered by a review or a dispute within its
// campaign's window is overdue, listed for its inspector (admins: all; with the ones still in their window on asking)
// and told to its inspector once, linking to that list.
import { sql } from 'kysely';
import {
  QC_RECORDS_MESSAGES,
  UNACKNOWLEDGED_LIST_PATH,
  localDayText,
  type TQcRecordAcknowledgement,
  type TTokenPayload,
  type TUnacknowledgedPage,
  type TUnacknowledgedQuery,
  type TUnacknowledgedState,
  type ZQcRecordAcknowledge,
} from '@crm/shared';
import type { z } from 'zod';
import type { Db } from '../../db/schema.ts';
import { conflict, forbidden, onUniqueViolation } from '../../http/errors.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { notifyUsers } from '../notifications/notify.ts';
import { acknowledgementDueAt, awaitingAcknowledgement, windowDays } from '../qc/acknowledgement-due.ts';
import { findRecordRef } from './record.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Records told of in one statement of the overdue check. */
const NOTICE_BATCH = 500;

type TAcknowledge = z.output<typeof ZQcRecordAcknowledge>;

/** POST acknowledge: the record's agent, in-house records only, once (409 after, naming the day it was done). */
export async function acknowledgeQcRecord(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TAcknowledge,
  actor: TAuditActor,
  timeZone: string,
): Promise<TQcRecordAcknowledgement> {
  return db.transaction().execute(async (trx) => {
    const record = await findRecordRef(trx, id, true);
    if (record.kind !== 'in-house') throw forbidden(QC_RECORDS_MESSAGES.notInHouse);
    if (record.agentUserId !== userIdOf(user)) throw forbidden(QC_RECORDS_MESSAGES.agentsOnly);
    const earlier = await trx
      .selectFrom('qcRecordAcknowledgements')
      .select('acknowledgedAt')
      .where('qcRecordId', '=', id)
      .executeTakeFirst();
    if (earlier)
      throw conflict(QC_RECORDS_MESSAGES.alreadyAcknowledged(localDayText(earlier.acknowledgedAt, timeZone)));
    const row = await trx
      .insertInto('qcRecordAcknowledgements')
      .values({ qcRecordId: id, agentUserId: userIdOf(user), comment: body.comment })
      .returning(['qcRecordId', 'acknowledgedAt', 'comment'])
      .executeTakeFirstOrThrow()
      .catch(
        onUniqueViolation('qc_record_acknowledgements_pkey', () =>
          conflict(QC_RECORDS_MESSAGES.alreadyAcknowledged(localDayText(new Date(), timeZone))),
        ),
      );
    const acknowledgedAt = row.acknowledgedAt.toISOString();
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'review',
      objectId: id,
      changes: { after: { acknowledgedAt, comment: row.comment }, note: 'acknowledged' },
    });
    return { qcRecordId: row.qcRecordId, acknowledgedAt, comment: row.comment };
  });
}

const DUE_AT = acknowledgementDueAt('qc_records', 'qc_acknowledgement_windows');
const WINDOW_DAYS = windowDays('qc_acknowledgement_windows');

/** The records awaiting their agent's acknowledgement, with their campaign's window; only the overdue ones unless `all`. */
function unacknowledgedRecords(db: Db, now: Date, state: TUnacknowledgedState) {
  const awaiting = db
    .selectFrom('qcRecords')
    .leftJoin('qcAcknowledgementWindows', 'qcAcknowledgementWindows.campaignId', 'qcRecords.campaignId')
    .where(awaitingAcknowledgement('qc_records'));
  return state === 'all' ? awaiting : awaiting.where(DUE_AT, '<', now);
}

/**
 * GET unacknowledged: the records awaiting acknowledgement of the caller's scope (an inspector the records it scored,
 * an admin all), the overdue ones only unless `state=all`, narrowed by agent, campaign and call dates; a page at a
 * time, the overdue first, then the most recently due.
 */
export async function listUnacknowledged(
  db: Db,
  user: TTokenPayload,
  query: Pick<TUnacknowledgedQuery, 'page' | 'size'> & Partial<TUnacknowledgedQuery>,
  now: Date = new Date(),
): Promise<TUnacknowledgedPage> {
  let scoped = unacknowledgedRecords(db, now, query.state ?? 'overdue');
  if (!isAdmin(user)) scoped = scoped.where('qcRecords.qcInspectorId', '=', userIdOf(user));
  if (query.agentId !== undefined) scoped = scoped.where('qcRecords.agentId', '=', query.agentId);
  if (query.campaignName !== undefined) scoped = scoped.where('qcRecords.campaignName', '=', query.campaignName);
  if (query.startDate !== undefined) scoped = scoped.where('qcRecords.callDate', '>=', query.startDate);
  if (query.endDate !== undefined) scoped = scoped.where('qcRecords.callDate', '<=', query.endDate);
  const { page, size } = query;
  const [rows, counted] = await Promise.all([
    scoped
      .select([
        'qcRecords.id',
        'qcRecords.callDate',
        'qcRecords.agentId',
        'qcRecords.agentName',
        'qcRecords.campaignName',
        'qcRecords.qcInspector',
        'qcRecords.total',
        'qcRecords.agentGrade',
        'qcRecords.createdAt',
      ])
      .select([DUE_AT.as('dueAt'), WINDOW_DAYS.as('windowDays')])
      .orderBy(sql`${DUE_AT} < ${now}`, 'desc')
      .orderBy(DUE_AT, 'desc')
      .orderBy('qcRecords.id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    scoped.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = counted.n;
  return {
    recordCount: total,
    response: {
      content: rows.map((r) => {
        const due = new Date(r.dueAt);
        const late = now.getTime() - due.getTime();
        return {
          qcRecordId: r.id,
          callDate: r.callDate,
          agentId: r.agentId,
          agentName: r.agentName,
          campaignName: r.campaignName,
          qcInspector: r.qcInspector,
          total: r.total,
          grade: r.agentGrade,
          scoredAt: r.createdAt.toISOString(),
          dueAt: due.toISOString(),
          daysOverdue: Math.max(0, Math.floor(late / DAY_MS)),
          overdue: late > 0,
          windowDays: Number(r.windowDays),
        };
      }),
      totalElements: total,
      totalPages: Math.ceil(total / size),
      size,
      number: page,
    },
  };
}

/** The notice's link: the inspector's list of the agent's overdue records (where this one is). */
export function overdueListLink(agentId: string): string {
  return `${UNACKNOWLEDGED_LIST_PATH}?${new URLSearchParams({ state: 'overdue', agentId }).toString()}`;
}

/**
 * The overdue check (every few minutes in the server, routes.ts): each overdue record not yet told of is told to its
 * inspector ('acknowledgement-overdue'), once: the notice row and the notification are written in one transaction.
 * Answers how many records were told of.
 */
export async function notifyOverdueAcknowledgements(db: Db, now: Date = new Date()): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const due = await unacknowledgedRecords(trx, now, 'overdue')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('qcAcknowledgementOverdueNotices as n')
                .select('n.qcRecordId')
                .whereRef('n.qcRecordId', '=', 'qcRecords.id'),
            ),
          ),
        )
        .select([
          'qcRecords.id',
          'qcRecords.qcInspectorId',
          'qcRecords.agentId',
          'qcRecords.agentName',
          'qcRecords.callDate',
          WINDOW_DAYS.as('windowDays'),
        ])
        .orderBy('qcRecords.id')
        .limit(NOTICE_BATCH)
        .execute();
      if (due.length === 0) return 0;
      // Another server process may tell of the same records: only the rows this one inserts are told of.
      const inserted = await trx
        .insertInto('qcAcknowledgementOverdueNotices')
        .values(due.map((r) => ({ qcRecordId: r.id })))
        .onConflict((oc) => oc.column('qcRecordId').doNothing())
        .returning('qcRecordId')
        .execute();
      const mine = new Set(inserted.map((r) => r.qcRecordId));
      const notices = due
        .filter((r) => mine.has(r.id) && r.qcInspectorId !== null)
        .map((r) => ({
          userId: r.qcInspectorId!,
          kind: 'acknowledgement-overdue' as const,
          title: QC_RECORDS_MESSAGES.overdueTitle(r.agentName, r.callDate),
          body: QC_RECORDS_MESSAGES.overdueBody(Number(r.windowDays)),
          link: overdueListLink(r.agentId),
        }));
      if (notices.length > 0) await notifyUsers(trx, notices);
      return due.length;
    });
    told += batch;
    if (batch < NOTICE_BATCH) return told;
  }
}
