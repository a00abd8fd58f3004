// GET /api/disputes/pagination/{page}/{size} (docs/guide/disputes.md): agents their own disputes, inspectors those on their
// records, admins all; overdue first (open past its answer deadline, escalated past the admin's), then oldest first.
import type { TDispute, TDisputeListQuery, TPaged, TPageParams, TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { isAdmin, isAgent, userIdOf } from '../../auth/access.ts';
import { overdueSql, selectDisputes, withCriteria } from './rows.ts';

type Listed = ReturnType<typeof selectDisputes>;

function scoped<Q extends Listed>(q: Q, user: TTokenPayload, query: TDisputeListQuery): Q {
  let out = q;
  if (isAgent(user)) out = out.where('disputes.agentUserId', '=', userIdOf(user)) as Q;
  else if (!isAdmin(user)) out = out.where('qcRecords.qcInspectorId', '=', userIdOf(user)) as Q;
  if (query.status === 'active') out = out.where('disputes.status', 'in', ['open', 'escalated']) as Q;
  else if (query.status) out = out.where('disputes.status', '=', query.status) as Q;
  if (query.qcId !== undefined) out = out.where('disputes.qcRecordId', '=', query.qcId) as Q;
  return out;
}

export async function listDisputes(
  db: Db,
  user: TTokenPayload,
  query: TDisputeListQuery,
  params: TPageParams,
): Promise<TPaged<TDispute>> {
  const { limit, offset } = pageWindow(params);
  const base = scoped(selectDisputes(db), user, query);
  const [rows, count] = await Promise.all([
    base
      .orderBy(overdueSql, 'desc')
      .orderBy('disputes.raisedAt')
      .orderBy('disputes.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    scoped(selectDisputes(db), user, query)
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPaged(await withCriteria(db, rows), Number(count.n), params);
}
