// The QC record lists (docs/product.md §7 getqcreportbyqcinspector, getQcRecordsClientViewByQcInspector): real paging, newest
// call first; an inspector sees its own records, an admin everyone's or one inspector's.
import { sql } from 'kysely';
import type { TPaged, TQcKind, TQcListQuery, TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { inspectorScope } from './access.ts';
import { selectQcRecords, toShape, type QcShape } from './rows.ts';
import { containsText } from '../../db/search.ts';

export async function listQcRecords<K extends TQcKind>(db: Db, user: TTokenPayload, kind: K, query: TQcListQuery): Promise<TPaged<QcShape<K>>> {
  const scope = inspectorScope(user, query.username);
  let base = db.selectFrom('qcRecords').where('qcRecords.kind', '=', kind);
  if (scope.inspectorId !== undefined) base = base.where('qcRecords.qcInspectorId', '=', scope.inspectorId);
  if (scope.inspectorName !== undefined) base = base.where(sql<string>`lower(qc_records.qc_inspector)`, '=', scope.inspectorName.toLowerCase());
  if (query.date) base = base.where('qcRecords.callDate', '=', query.date);
  const search = query.search;
  if (search) {
    base = base.where((eb) => eb.or([
      containsText(eb.ref('qcRecords.agentName'), search),
      containsText(eb.ref('qcRecords.agentId'), search),
      containsText(eb.ref('qcRecords.campaignName'), search),
      containsText(eb.ref('qcRecords.consumerNumber'), search),
    ]));
  }
  const { limit, offset } = pageWindow(query);
  const ids = base.select('qcRecords.id');
  const [rows, total] = await Promise.all([
    selectQcRecords(db).where('qcRecords.id', 'in', ids).orderBy('qcRecords.callDate', 'desc').orderBy('qcRecords.id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map((r) => toShape(kind, r)), Number(total.n), query);
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
