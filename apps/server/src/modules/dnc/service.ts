// The do-not-call lists (docs/guide/dnc.md): the paged list, counts per list, adding and removing one number, audited; an
// added number reaches the dialer too (modules/dialer-sync).
import { sql } from 'kysely';
import type { CountryCode } from 'libphonenumber-js';
import {
  DNC_MESSAGES,
  localDateTimeText,
  normalisePhone,
  type TDncAdd,
  type TDncCounts,
  type TDncEntry,
  type TDncListQuery,
  type TPaged,
  type TPageParams,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, notFound, onUniqueViolation } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { queueDncSync } from '../../db/dialer-sync-queue.ts';

/** The system list as the audit log names it. */
export const SYSTEM_LIST = 'system';

/** The campaign id of a list's campaign name: null for the system list (no name, or ''); 404 for an unknown campaign. */
export async function listIdOf(db: Db, campaignName: string | undefined): Promise<number | null> {
  if (campaignName === undefined || campaignName.trim() === '') return null;
  return (await findCampaignByName(db, campaignName)).id;
}

/** ?q= a whole number in any format (normalised first), or some of its digits. */
export async function findDncPage(
  db: Db,
  query: TDncListQuery,
  page: TPageParams,
  timeZone: string,
  country: CountryCode,
): Promise<TPaged<TDncEntry>> {
  let base = db.selectFrom('dncNumbers as d').leftJoin('campaigns as c', 'c.id', 'd.campaignId');
  if (query.campaignName !== undefined) {
    const listId = await listIdOf(db, query.campaignName);
    base = listId === null ? base.where('d.campaignId', 'is', null) : base.where('d.campaignId', '=', listId);
  }
  const q = (query.q ?? '').trim();
  const digits = (q === '' ? '' : (normalisePhone(q, country) ?? q)).replace(/\D/g, '');
  // A term without a digit matches no number.
  if (q !== '')
    base = base.where(
      sql<string>`regexp_replace(d.phone_number, '\\D', '', 'g')`,
      'like',
      digits === '' ? '' : `%${digits}%`,
    );
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    base
      .select(['d.id', 'd.phoneNumber', 'd.campaignId', 'c.campaignName', 'd.reason', 'd.addedBy', 'd.createdAt'])
      .orderBy('d.createdAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const content = rows.map((r) => ({
    id: r.id,
    phoneNumber: r.phoneNumber,
    list: r.campaignId === null ? ('system' as const) : ('campaign' as const),
    campaignName: r.campaignName ?? null,
    reason: r.reason,
    addedBy: r.addedBy,
    createdAt: localDateTimeText(r.createdAt, timeZone),
  }));
  return toPaged(content, Number(total.n), page);
}

export async function countDncLists(db: Db): Promise<TDncCounts> {
  const rows = await db
    .selectFrom('dncNumbers as d')
    .leftJoin('campaigns as c', 'c.id', 'd.campaignId')
    .select(['c.campaignName', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('c.campaignName')
    .orderBy('c.campaignName')
    .execute();
  let system = 0;
  const campaigns: TDncCounts['campaigns'] = [];
  for (const r of rows) {
    if (r.campaignName === null) system = Number(r.n);
    else campaigns.push({ campaignName: r.campaignName, count: Number(r.n) });
  }
  return { system, campaigns };
}

/** Puts one number on a list: 400 when it is not a phone number, 409 when the list has it already. */
export async function addDncNumber(
  db: Db,
  body: TDncAdd,
  actor: TAuditActor,
  country: CountryCode,
  timeZone: string,
): Promise<TDncEntry> {
  const phoneNumber = normalisePhone(body.number, country);
  if (!phoneNumber) throw badRequest(DNC_MESSAGES.notANumber(body.number));
  const campaignId = await listIdOf(db, body.campaignName);
  const campaignName =
    campaignId === null
      ? null
      : (await db.selectFrom('campaigns').select('campaignName').where('id', '=', campaignId).executeTakeFirstOrThrow())
          .campaignName;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('dncNumbers')
      .values({ campaignId, phoneNumber, reason: body.reason ?? '', addedById: actor.userId, addedBy: actor.username })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(onUniqueViolation('dnc_numbers_list_number_key', () => conflict(DNC_MESSAGES.alreadyListed)));
    // In the same transaction: the number goes to VICIdial's DNC list and its sent leads are pulled (dialer-sync).
    await queueDncSync(trx, [row.id]);
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'dnc',
      objectId: row.id,
      changes: { after: { phoneNumber, list: campaignName ?? SYSTEM_LIST, reason: row.reason } },
    });
    return {
      id: row.id,
      phoneNumber,
      list: campaignId === null ? 'system' : 'campaign',
      campaignName,
      reason: row.reason,
      addedBy: row.addedBy,
      createdAt: localDateTimeText(row.createdAt, timeZone),
    };
  });
}

/** Takes one entry off its list; 404 when there is none. */
export async function removeDncNumber(db: Db, id: number, actor: TAuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('dncNumbers')
      .where('id', '=', id)
      .returning(['id', 'phoneNumber', 'campaignId', 'reason'])
      .executeTakeFirst();
    if (!row) throw notFound(DNC_MESSAGES.notFound);
    const campaign =
      row.campaignId === null
        ? undefined
        : await trx.selectFrom('campaigns').select('campaignName').where('id', '=', row.campaignId).executeTakeFirst();
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'dnc',
      objectId: row.id,
      changes: {
        before: { phoneNumber: row.phoneNumber, list: campaign?.campaignName ?? SYSTEM_LIST, reason: row.reason },
      },
    });
  });
}
