// The QC record lists (spec §7 getqcreportbyqcinspector, getQcRecordsClientViewByQcInspector): real paging, newest
// call first; an inspector sees its own records, an admin everyone's or one inspector's.
import { sql } from 'kysely';
import type { TPaged, TQcKind, TQcListQuery, TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { inspectorScope } from './access.ts';
import { selectQcRecords, toShape, type QcShape } from './rows.ts';
import { containsText } from '../../db/search.ts';

export async function listQcReports<K extends TQcKind>(db: Db, user: TTokenPayload, kind: K, query: TQcListQuery): Promise<TPaged<QcShape<K>>> {
  const scope = inspectorScope(user, query.username);
  let base = db.selectFrom('qcReports').where('qcReports.kind', '=', kind);
  if (scope.inspectorId !== undefined) base = base.where('qcReports.qcInspectorId', '=', scope.inspectorId);
  if (scope.inspectorName !== undefined) base = base.where(sql<string>`lower(qc_reports.qc_inspector)`, '=', scope.inspectorName.toLowerCase());
  if (query.date) base = base.where('qcReports.callDate', '=', query.date);
  const search = query.search;
  if (search) {
    base = base.where((eb) => eb.or([
      containsText(eb.ref('qcReports.agentName'), search),
      containsText(eb.ref('qcReports.agentId'), search),
      containsText(eb.ref('qcReports.campaignName'), search),
      containsText(eb.ref('qcReports.consumerNumber'), search),
    ]));
  }
  const { limit, offset } = pageWindow(query);
  const ids = base.select('qcReports.id');
  const [rows, total] = await Promise.all([
    selectQcRecords(db).where('qcReports.id', 'in', ids).orderBy('qcReports.callDate', 'desc').orderBy('qcReports.id', 'desc').limit(limit).offset(offset).execute(),
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
