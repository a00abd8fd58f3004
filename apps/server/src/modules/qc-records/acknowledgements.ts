// The agent's acknowledgement of an in-house QC record, and the overdue ones (docs/qc-records.md, Acknowledgement):
// the agent signs a record off once; a record neither acknowledged nor answered by a review or a dispute within its
// campaign's window is overdue, listed for its inspector (admins: all) and told to its inspector once.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import {
  DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS,
  QC_RECORDS_MESSAGES,
  localDayText,
  type TQcRecordAcknowledgement,
  type TTokenPayload,
  type TUnacknowledgedPage,
  type TUnacknowledgedQuery,
  type ZQcRecordAcknowledge,
} from '@crm/shared';
import type { z } from 'zod';
import type { DB, Db } from '../../db/schema.ts';
import { conflict, forbidden, onUniqueViolation } from '../../http/errors.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { notifyUsers } from '../notifications/notify.ts';
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

type Eb = ExpressionBuilder<DB, 'qcRecords' | 'qcAcknowledgementWindows'>;

/** When the record's acknowledgement is due: scored at + its campaign's window (the default without one). */
const dueAt = sql<Date>`qc_records.created_at + make_interval(days => coalesce(qc_acknowledgement_windows.window_days, ${sql.lit(DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS)}))`;

/** In-house, of an agent, not acknowledged, not answered by a review or a dispute, and due before `now`. */
function overdue(now: Date) {
  return (eb: Eb): Expression<SqlBool> =>
    eb.and([
      eb('qcRecords.kind', '=', 'in-house'),
      eb('qcRecords.agentUserId', 'is not', null),
      eb.not(
        eb.exists(
          eb
            .selectFrom('qcRecordAcknowledgements as a')
            .select('a.qcRecordId')
            .whereRef('a.qcRecordId', '=', 'qcRecords.id'),
        ),
      ),
      eb.not(eb.exists(eb.selectFrom('disputes as d').select('d.id').whereRef('d.qcRecordId', '=', 'qcRecords.id'))),
      eb.not(eb.exists(eb.selectFrom('agentReviews as v').select('v.id').whereRef('v.qcId', '=', 'qcRecords.id'))),
      eb(dueAt, '<', now),
    ]);
}

function overdueRecords(db: Db, now: Date) {
  return db
    .selectFrom('qcRecords')
    .leftJoin('qcAcknowledgementWindows', 'qcAcknowledgementWindows.campaignId', 'qcRecords.campaignId')
    .where(overdue(now));
}

/**
 * GET unacknowledged: the overdue records of the caller's scope (an inspector the records it scored, an admin all),
 * a page at a time, the most recently due first.
 */
export async function listUnacknowledged(
  db: Db,
  user: TTokenPayload,
  query: TUnacknowledgedQuery,
  now: Date = new Date(),
): Promise<TUnacknowledgedPage> {
  let scoped = overdueRecords(db, now);
  if (!isAdmin(user)) scoped = scoped.where('qcRecords.qcInspectorId', '=', userIdOf(user));
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
      .select(dueAt.as('dueAt'))
      .orderBy(dueAt, 'desc')
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
          daysOverdue: Math.max(0, Math.floor((now.getTime() - due.getTime()) / DAY_MS)),
        };
      }),
      totalElements: total,
      totalPages: Math.ceil(total / size),
      size,
      number: page,
    },
  };
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
      const due = await overdueRecords(trx, now)
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
          'qcRecords.agentName',
          'qcRecords.callDate',
          sql<number>`coalesce(qc_acknowledgement_windows.window_days, ${sql.lit(DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS)})`.as(
            'windowDays',
          ),
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
          body: QC_RECORDS_MESSAGES.overdueBody(r.windowDays),
          link: `/editqc/${r.id}`,
        }));
      if (notices.length > 0) await notifyUsers(trx, notices);
      return due.length;
    });
    told += batch;
    if (batch < NOTICE_BATCH) return told;
  }
}
