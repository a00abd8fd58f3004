// The lead browser: one campaign's leads a page at a time, by date, state and phone number (any format).
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { DEFAULT_PHONE_COUNTRY, normalisePhone, type TLead, type TLeadBrowseQuery, type TLeadStatus, type TPaged } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import type { DB, Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { findLeadLayout, toFlatLead } from './layout.ts';

type LeadsExpression = ExpressionBuilder<DB, 'leads'>;

function statusFilter(eb: LeadsExpression, status: TLeadStatus): Expression<SqlBool> {
  switch (status) {
    case 'fresh':
      return eb('generateStatus', '=', 0);
    case 'generated':
      return eb.and([eb('generateStatus', '>', 0), eb('isCalled', '=', 0)]);
    case 'called':
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

/** By data date, newest first, then upload order. */
/** Numbers without a country code are read in `country` (PHONE_COUNTRY). */
export async function findLeadsPage(db: Db, campaignName: string, query: TLeadBrowseQuery, country: CountryCode = DEFAULT_PHONE_COUNTRY): Promise<TPaged<TLead>> {
  const layout = await findLeadLayout(db, campaignName);
  const { limit, offset } = pageWindow(query);
  const phone = query.phone ?? '';
  const filtered = db.selectFrom('leads').where((eb) => {
    const all: Expression<SqlBool>[] = [eb('campaignId', '=', layout.campaignId)];
    if (query.dataDate) all.push(eb('dataDate', '=', query.dataDate));
    if (query.status) all.push(statusFilter(eb, query.status));
    if (phone) all.push(phoneFilter(eb, phone, country));
    return eb.and(all);
  });
  const [rows, total] = await Promise.all([
    filtered.selectAll().orderBy('dataDate', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    filtered.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map((r) => toFlatLead(r, layout)), Number(total.n), query);
}
