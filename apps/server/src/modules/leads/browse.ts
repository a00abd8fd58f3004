// The lead browser: one campaign's leads a page at a time, by date, state and phone number (any format), paged by key
// (newest data date first, then upload order; docs/api.md "Pages") so the last page costs what the first does.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import {
  DEFAULT_PHONE_COUNTRY,
  normalisePhone,
  type TKeysetPaged,
  type TLead,
  type TLeadBrowseQuery,
  type TLeadCallSummary,
  type TLeadStatus,
  type TPageCursor,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import type { DB, Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { keysetAsk, readKeysetPage, toKeysetPaged, type TTravel } from '../../http/keyset.ts';
import { findLeadCallSummaries } from '../call-attempts/service.ts';
import { findLeadLayout, toFlatLead, type LeadRow } from './layout.ts';
import { countCampaignLeads } from '../campaigns/lead-counts.ts';

type LeadsExpression = ExpressionBuilder<DB, 'leads'>;

function statusFilter(eb: LeadsExpression, status: TLeadStatus): Expression<SqlBool> {
  switch (status) {
    case 'fresh':
      return eb('generateStatus', '=', 0);
    case 'generated':
      return eb.and([eb('generateStatus', '>', 0), eb('isCalled', '=', 0)]);
    // Called at least once: a save that ended a call set called_at and wrote the attempt (the counters' `attempted`).
    case 'called':
      return eb('calledAt', 'is not', null);
    case 'completed':
      return eb('isCalled', '=', 1);
  }
}

/** A number that normalises matches exactly; anything else is a digits-only part of a number. */
function phoneFilter(eb: LeadsExpression, phone: string, country: CountryCode): Expression<SqlBool> {
  const e164 = normalisePhone(phone, country);
  if (e164) return eb('cellNumber', '=', e164);
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 0) throw badRequest('phone must contain at least one digit');
  // strpos, not LIKE: the term is plain digits, but stays a plain string whatever it holds.
  return eb(sql<number>`strpos(cell_number, ${digits})`, '>', 0);
}

/**
 * Up to `limit` leads in the browser's order (data date descending, then id ascending: the index
 * leads_browse_idx on (campaign_id, data_date desc, id) read forward) or reversed (the same index read backward),
 * after `cursor`. The two directions of the order differ, so "after (d, i)" is two index ranges read one after the
 * other: the rest of date d past id i, then the dates past d. Each starts where the index puts the cursor: nothing
 * before it is read.
 */
async function readLeads(
  db: Db,
  where: (eb: LeadsExpression) => Expression<SqlBool>,
  travel: TTravel,
  cursor: TPageCursor | undefined,
  limit: number,
): Promise<LeadRow[]> {
  const forward = travel === 'forward';
  const base = db.selectFrom('leads').selectAll().where(where);
  const inOrder = base.orderBy('dataDate', forward ? 'desc' : 'asc').orderBy('id', forward ? 'asc' : 'desc');
  if (cursor === undefined) return inOrder.limit(limit).execute();
  const sameDate = await base
    .where('dataDate', '=', cursor.date)
    .where('id', forward ? '>' : '<', String(cursor.id))
    .orderBy('id', forward ? 'asc' : 'desc')
    .limit(limit)
    .execute();
  if (sameDate.length >= limit) return sameDate;
  const laterDates = await inOrder
    .where('dataDate', forward ? '<' : '>', cursor.date)
    .limit(limit - sameDate.length)
    .execute();
  return [...sameDate, ...laterDates];
}

/**
 * Numbers without a country code are read in `country` (PHONE_COUNTRY). `calls`: each row's call attempts and the last
 * one's disposition (docs/guide/call-loop.md), read for the page's leads only.
 */
export async function findLeadsPage(
  db: Db,
  campaignName: string,
  query: TLeadBrowseQuery,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): Promise<TKeysetPaged<TLead> & { calls: TLeadCallSummary[] }> {
  const layout = await findLeadLayout(db, campaignName);
  const phone = query.phone ?? '';
  const where = (eb: LeadsExpression) => {
    const all: Expression<SqlBool>[] = [eb('campaignId', '=', layout.campaignId)];
    if (query.dataDate) all.push(eb('dataDate', '=', query.dataDate));
    if (query.status) all.push(statusFilter(eb, query.status));
    if (phone) all.push(phoneFilter(eb, phone, country));
    return eb.and(all);
  };
  // The campaign's counters give the total; a phone search counts its matches (that search reads only them).
  const counted = phone
    ? db
        .selectFrom('leads')
        .where(where)
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n))
    : countCampaignLeads(db, layout.campaignId, {
        ...(query.dataDate ? { dataDate: query.dataDate } : {}),
        ...(query.status ? { status: query.status } : {}),
      });
  const [page, total] = await Promise.all([
    readKeysetPage(
      keysetAsk(query),
      query.size,
      () => counted,
      (travel, cursor, limit) => readLeads(db, where, travel, cursor, limit),
      (row) => ({ date: row.dataDate, id: row.id }),
    ),
    counted,
  ]);
  const calls = await findLeadCallSummaries(
    db,
    page.rows.map((r) => r.id),
  );
  const paged = toKeysetPaged(
    page.rows.map((r) => toFlatLead(r, layout)),
    page.rows.map((r) => ({ date: r.dataDate, id: r.id })),
    { total, size: query.size, number: page.number, hasNext: page.hasNext, hasPrevious: page.hasPrevious },
  );
  return { ...paged, calls };
}
