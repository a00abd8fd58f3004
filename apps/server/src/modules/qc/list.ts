// The QC record lists (docs/product.md §7 getqcreportbyqcinspector, getQcRecordsClientViewByQcInspector): newest
// call first, paged by key (docs/api.md "Pages"), or by page number for the older client; an inspector sees its own
// records, an admin everyone's or one inspector's. The filters are plain conditions on qc_records, so the indexes of
// migration 0013 serve both the filter and the order; the recording links are looked up for the page's rows only.
import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool, type Selectable } from 'kysely';
import {
  maskPhoneNumber,
  type TKeysetPaged,
  type TPageCursor,
  type TQcKind,
  type TQcListQuery,
  type TTokenPayload,
} from '@crm/shared';
import type { DB, Db, QcRecordsTable } from '../../db/schema.ts';
import { MAX_INT4, containsText } from '../../db/search.ts';
import { keysetAsk, readKeysetPage, toKeysetPaged, type TKeysetAsk, type TTravel } from '../../http/keyset.ts';
import { inspectorScope } from './access.ts';
import { toShape, withFileNames, type QcRow, type QcShape } from './rows.ts';
import { clientRecordScope, inClientCampaigns } from '../clients/scope.ts';

type QcExpression = ExpressionBuilder<DB, 'qcRecords'>;
type QcStored = Selectable<QcRecordsTable>;

/** The inspector's scope (qc/access.ts), or for a client account its user id: its campaigns' records only. */
type Scope = ReturnType<typeof inspectorScope> & { clientUserId?: number };

/** The list's filters as conditions on the table itself. */
function listFilter(scope: Scope, kind: TQcKind, query: TQcListQuery): (eb: QcExpression) => Expression<SqlBool> {
  const search = query.search;
  return (eb) => {
    const all: Expression<SqlBool>[] = [eb('qcRecords.kind', '=', kind)];
    if (scope.inspectorId !== undefined) all.push(eb('qcRecords.qcInspectorId', '=', scope.inspectorId));
    if (scope.clientUserId !== undefined)
      all.push(inClientCampaigns(eb.ref('qcRecords.campaignId'), scope.clientUserId));
    if (scope.inspectorName !== undefined)
      all.push(eb(sql<string>`lower(qc_records.qc_inspector)`, '=', scope.inspectorName.toLowerCase()));
    if (query.date) all.push(eb('qcRecords.callDate', '=', query.date));
    if (search) {
      all.push(
        eb.or([
          containsText(eb.ref('qcRecords.agentName'), search),
          containsText(eb.ref('qcRecords.agentId'), search),
          containsText(eb.ref('qcRecords.campaignName'), search),
          // A client reads numbers masked: it may not find a record by its digits either.
          ...(scope.clientUserId === undefined ? [containsText(eb.ref('qcRecords.consumerNumber'), search)] : []),
        ]),
      );
    }
    return eb.and(all);
  };
}

/** The records of a kind, the scope's inspector and a call date, summed from qc_record_counts (a row per day at most). */
async function countQcRecords(db: Db, kind: TQcKind, scope: Scope, date: string | undefined): Promise<number> {
  const where: RawBuilder<unknown>[] = [sql`kind = ${kind}`];
  if (scope.inspectorId !== undefined) where.push(sql`inspector_id = ${scope.inspectorId}`);
  if (scope.inspectorName !== undefined) where.push(sql`inspector_name = ${scope.inspectorName.toLowerCase()}`);
  if (date) where.push(sql`call_date = ${date}`);
  const { rows } = await sql<{
    n: string | null;
  }>`select sum(records) as n from qc_record_counts where ${sql.join(where, sql` and `)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The page a request asks for: a cursor, the last page, a call date to start at, else its page number. */
function askOf(query: TQcListQuery): TKeysetAsk | { kind: 'number'; page: number } {
  // Starting at a date is "after" a row that would sort before every record of that date.
  if (query.from) return { kind: 'after', cursor: { date: query.from, id: MAX_INT4 } };
  const ask = keysetAsk(query);
  if (ask.kind === 'first' && query.page > 0) return { kind: 'number', page: query.page };
  return ask;
}

export async function listQcRecords<K extends TQcKind>(
  db: Db,
  user: TTokenPayload,
  kind: K,
  query: TQcListQuery,
): Promise<TKeysetPaged<QcShape<K>>> {
  const clientUserId = clientRecordScope(user, kind);
  const scope: Scope =
    clientUserId === undefined
      ? inspectorScope(user, query.username)
      : { clientUserId, ...(query.username ? { inspectorName: query.username } : {}) };
  const where = listFilter(scope, kind, query);
  const filtered = db.selectFrom('qcRecords').where(where);
  // A search (or a client's campaigns) counts its matches; every other list is counted by the counters (migration 0013).
  const counted =
    query.search || clientUserId !== undefined
      ? filtered
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
      : countQcRecords(db, kind, scope, query.date);
  const ask = askOf(query);
  const size = query.size;

  /** Records in the list's order (call date, id, both descending) or reversed, after the cursor. */
  const read = (travel: TTravel, cursor: TPageCursor | undefined, limit: number, offset = 0): Promise<QcStored[]> => {
    const forward = travel === 'forward';
    let q = filtered.selectAll('qcRecords');
    if (cursor !== undefined) {
      q = q.where((eb) =>
        eb(eb.refTuple('qcRecords.callDate', 'qcRecords.id'), forward ? '<' : '>', eb.tuple(cursor.date, cursor.id)),
      );
    }
    q = q
      .orderBy('qcRecords.callDate', forward ? 'desc' : 'asc')
      .orderBy('qcRecords.id', forward ? 'desc' : 'asc')
      .limit(limit);
    return (offset > 0 ? q.offset(offset) : q).execute();
  };

  const [page, total] = await Promise.all([
    ask.kind === 'number'
      ? readNumberedPage(ask.page, size, () => counted, read)
      : readKeysetPage(
          ask,
          size,
          () => counted,
          read,
          (r) => ({ date: r.callDate, id: r.id }),
        ),
    counted,
  ]);
  const rows = await withFileNames(db, page.rows);
  return toKeysetPaged(
    rows.map((r) => toShape(kind, clientUserId === undefined ? r : toClientReading(r))),
    rows.map((r) => ({ date: r.callDate, id: r.id })),
    { total, size, number: page.number, hasNext: page.hasNext, hasPrevious: page.hasPrevious },
  );
}

/** A record as a client account reads it: the number masked to its last 4 digits, no recording named (its file name
 * holds the number). */
function toClientReading(row: QcRow): QcRow {
  return { ...row, consumerNumber: maskPhoneNumber(row.consumerNumber), fileName: null };
}

/**
 * The older client's page number (docs/product.md §7): an offset, so it reads the rows before the page; from the
 * nearer end of the list, so the last pages cost what the first ones do and the middle one the most (half the list).
 * The web app pages by key instead.
 */
async function readNumberedPage(
  page: number,
  size: number,
  total: () => Promise<number>,
  read: (travel: TTravel, cursor: undefined, limit: number, offset: number) => Promise<QcStored[]>,
): Promise<{ rows: QcStored[]; hasNext: boolean; hasPrevious: boolean; number: number }> {
  const count = await total();
  const offset = page * size;
  if (offset >= count) return { rows: [], hasNext: false, hasPrevious: false, number: page };
  const after = count - offset - size; // rows after this page
  const rows =
    after < offset
      ? (await read('backward', undefined, Math.min(size, count - offset), Math.max(after, 0))).reverse()
      : await read('forward', undefined, size, offset);
  return { rows, hasNext: offset + rows.length < count, hasPrevious: offset > 0, number: page };
}

/** The agents an inspector may score: agentId and name, by name. */
export async function listScorableAgents(db: Db): Promise<{ agentId: string; name: string }[]> {
  return db
    .selectFrom('agents')
    .innerJoin('users', 'users.id', 'agents.userId')
    .select(['users.username as agentId', 'users.name'])
    .where('users.active', '=', true)
    .orderBy('users.name')
    .orderBy('users.username')
    .execute();
}
