// Demo trail: the audit log and lead answer history a call centre would have after setting up the demo data by hand,
// so /audit, a QC record's history and the QC panel's answer history show real entries at once. Runs once: nothing is
// added when the log holds any entry.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** Inserted as the admin who set the demo up, from localhost; times follow the rows they describe. */
const ADMIN = sql`(select id from users where username = 'admin'), 'admin', 'ADMIN'`;

export async function seedAuditDemo(db: Db): Promise<number> {
  const any = await db.selectFrom('auditLog').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  return db.transaction().execute(async (trx) => {
    const statements = [
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select created_at, ${ADMIN}, 'create', 'campaign', id::text,
                 jsonb_build_object('after', jsonb_build_object('campaignId', campaign_id, 'campaignName', campaign_name, 'campaignType', campaign_type, 'callTarget', call_target, 'status', status)), '127.0.0.1'
            from campaigns`,
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select created_at, ${ADMIN}, 'create', 'dataTable', id::text, jsonb_build_object('after', jsonb_build_object('name', name, 'columns', to_jsonb(columns))), '127.0.0.1'
            from data_tables`,
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select min(created_at), ${ADMIN}, 'upload', 'agent', 'csv', jsonb_build_object('counts', jsonb_build_object('agents', count(*))), '127.0.0.1'
            from agents having count(*) > 0`,
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select q.created_at, ${ADMIN}, 'create', 'question', q.id::text,
                 jsonb_build_object('after', jsonb_build_object('campaignName', c.campaign_name, 'qno', q.qno, 'title', q.title, 'type', q.type)), '127.0.0.1'
            from questions q join campaigns c on c.id = q.campaign_id`,
      // Each day's leads: the upload, then the call list generated from it.
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select min(l.created_at), ${ADMIN}, 'upload', 'leads', c.campaign_name,
                 jsonb_build_object('after', jsonb_build_object('fileName', 'leads-' || l.data_date || '.csv'), 'counts', jsonb_build_object('rowsRead', count(*), 'leadsAdded', count(*), 'duplicatesSkipped', 0)), '127.0.0.1'
            from leads l join campaigns c on c.id = l.campaign_id group by c.campaign_name, l.data_date`,
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select min(l.created_at) + interval '5 minutes', ${ADMIN}, 'generate', 'leads', c.campaign_name,
                 jsonb_build_object('after', jsonb_build_object('dataDate', l.data_date, 'all', true), 'counts', jsonb_build_object('leadsGenerated', count(*))), '127.0.0.1'
            from leads l join campaigns c on c.id = l.campaign_id where l.generate_status > 0 group by c.campaign_name, l.data_date`,
      // QC work by the inspectors who did it: each record scored, each flag resolved.
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select r.created_at, r.qc_inspector_id, u.username, 'QC', 'create', 'qcRecord', r.id::text,
                 jsonb_build_object('after', jsonb_build_object('kind', r.kind, 'agentId', r.agent_id, 'consumerNumber', r.consumer_number, 'callDate', r.call_date, 'total', r.total, 'agentGrade', r.agent_grade)), '127.0.0.1'
            from qc_records r join users u on u.id = r.qc_inspector_id`,
      sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
          select coalesce(v.resolved_at, v.created_at), u.id, v.resolved_by, 'QC', 'resolve', 'review', v.qc_id::text,
                 jsonb_build_object('before', jsonb_build_object('isResolved', false), 'after', jsonb_build_object('isResolved', true, 'resolvedMessage', v.resolved_message), 'note', 'review ' || v.id), '127.0.0.1'
            from agent_reviews v left join users u on u.username = v.resolved_by where v.is_resolved`,
      // Every call already saved is the lead's first save in its answer history.
      sql`insert into lead_answer_history (lead_id, version, user_id, agent_id, saved_at, answers, is_called)
          select l.id, 1, l.called_by, coalesce(u.username, 'unknown'), coalesce(l.called_at, l.created_at), l.answers, l.is_called
            from leads l left join users u on u.id = l.called_by
           where (l.called_by is not null or l.answers <> '{}'::jsonb)
             -- A call the demo saved through the real save has its history already.
             and not exists (select 1 from lead_answer_history h where h.lead_id = l.id)`,
      sql`update leads l set version = 1
           where (called_by is not null or answers <> '{}'::jsonb) and version = 0
             and exists (select 1 from lead_answer_history h where h.lead_id = l.id)`,
    ];
    let rows = 0;
    for (const statement of statements) rows += Number((await statement.execute(trx)).numAffectedRows ?? 0);
    return rows;
  });
}
