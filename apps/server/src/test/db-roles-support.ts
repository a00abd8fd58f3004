// What the application's own database connection may not do (docs/trust.md, Database roles): the checks the server's
// pools are put through, on the server's database (db/roles.test.ts) and on the embedded one (db/embedded.test.ts).
import { expect } from 'vitest';

/** Runs one statement on the connection under test (a pool's query, so each runs on its own). */
export type TRunSql = (text: string) => Promise<{ rows: unknown[] }>;

/** Tampering with the audit log, and the ways around its trigger, each with what PostgreSQL answers the app's role. */
export const REFUSED_TO_THE_APP: [string, string, RegExp][] = [
  ['switch the trigger off', 'alter table audit_log disable trigger all', /must be owner of table audit_log/],
  [
    'drop the trigger',
    'drop trigger audit_log_no_update_or_delete on audit_log',
    /must be owner of (table|relation) audit_log/,
  ],
  [
    'skip every trigger for the session',
    'set session_replication_role = replica',
    /permission denied to set parameter "session_replication_role"/,
  ],
  ['change an entry', "update audit_log set actor_username = 'someone else'", /permission denied for table audit_log/],
  ['delete the entries', 'delete from audit_log', /permission denied for table audit_log/],
  ['empty the table', 'truncate audit_log', /permission denied for table audit_log/],
  ['drop the table', 'drop table audit_log', /must be owner of table audit_log/],
  [
    'run a program on the database server',
    "copy (select 1) to program 'true'",
    /permission denied to COPY to or from an external program|must be superuser or have privileges of the pg_execute_server_program role/,
  ],
  [
    'write a file on the database server',
    "copy (select 1) to '/tmp/crm-must-not-exist'",
    /permission denied to COPY to a file|must be superuser or have privileges of the pg_write_server_files role/,
  ],
];

/** Each of REFUSED_TO_THE_APP fails on `run`, audit_log's rows stay as they were, and a new entry still goes in. */
export async function expectAuditLogOutOfReach(run: TRunSql): Promise<void> {
  await run(
    `insert into audit_log (actor_username, actor_role, action, object_type, object_id) values ('roles.test', 'admin', 'create', 'campaign', '1')`,
  );
  const before = await run('select id, actor_username, action from audit_log order by id');
  for (const [what, statement, refusal] of REFUSED_TO_THE_APP) {
    await expect(run(statement), what).rejects.toThrow(refusal);
  }
  expect((await run('select id, actor_username, action from audit_log order by id')).rows).toEqual(before.rows);
  // The trigger is still on, and still refuses (had a statement above got through, it would be off or gone).
  const trigger = await run(
    `select tgenabled from pg_trigger where tgrelid = 'audit_log'::regclass and tgname = 'audit_log_no_update_or_delete'`,
  );
  expect(trigger.rows).toEqual([{ tgenabled: 'O' }]);
}
