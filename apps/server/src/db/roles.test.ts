// Least privilege (issue 33 item 5; docs/trust.md, Database roles): the server's own connections, both pools, run as a
// role that is no superuser and owns no table. On audit_log they may add and read entries, nothing more; the ways a
// superuser or the owner gets round the append-only trigger, and running a program on the database server, are refused.
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/harness.ts';
import { expectAuditLogOutOfReach } from '../test/db-roles-support.ts';
import { appUrlOf, createDatabaseFromTemplate, databaseUrl, dropDatabase, withClient } from '../test/databases.ts';
import { openDatabase, poolOf } from './database.ts';
import { ensureAppRole, grantAppRole, rolePowers } from './roles.ts';

const t = useTestApp();

describe("the server's own database connections", () => {
  it("sign in as a role that is no superuser and owns no table, with no INSERT or UPDATE on the migrations' own tables", async () => {
    for (const db of [t.app.db, t.app.bulkDb]) {
      const powers = await rolePowers((text) => poolOf(db).query(text));
      expect(powers).toMatchObject({ superuser: false, ownsTables: false });
      const { rows } = await sql<{ insert: boolean; update: boolean; truncate: boolean }>`select
        has_table_privilege('kysely_migration', 'INSERT') as insert, has_table_privilege('audit_log', 'UPDATE') as update,
        has_table_privilege('leads', 'TRUNCATE') as truncate`.execute(db);
      expect(rows).toEqual([{ insert: false, update: false, truncate: false }]);
    }
  });

  it('cannot switch off, go round or empty the audit log, nor run a program: each is refused, and the entries stay', async () => {
    for (const db of [t.app.db, t.app.bulkDb]) await expectAuditLogOutOfReach((text) => poolOf(db).query(text));
  });

  it("cannot become the tables' owner", async () => {
    const { rows } = await sql<{
      owner: string;
    }>`select relowner::regrole::text as owner from pg_class where oid = 'audit_log'::regclass`.execute(t.ownerDb);
    await expect(poolOf(t.app.db).query(`set role ${rows[0]!.owner}`)).rejects.toThrow(/permission denied to set role/);
  });

  it("still adds to the audit log through the app: an admin's change is recorded", async () => {
    const admin = await t.callerFor('admin');
    const r = await admin.post('/cc/addCampaign', {
      campaignId: 'ROLES1',
      campaignName: 'Least Privilege',
      campaignType: 'Outbound',
      callTarget: 10,
      status: true,
    });
    expect(r.status, r.text).toBe(200);
    const entries = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectType'])
      .where('objectType', '=', 'campaign')
      .execute();
    expect(entries).toContainEqual({ action: 'create', objectType: 'campaign' });
  });
});

describe('the start-up with DATABASE_URL and DATABASE_OWNER_URL', () => {
  it('needs DATABASE_URL beside DATABASE_OWNER_URL, and another user in each', () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://crm_owner@db/crm' })).toThrow(
      /DATABASE_OWNER_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://crm:a@db/crm', DATABASE_OWNER_URL: 'postgres://crm:b@db/crm' }),
    ).toThrow(/must sign in as different roles/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://crm_app@db/crm', DATABASE_OWNER_URL: 'postgres://crm_owner@db/crm' })
        .databaseOwnerUrl,
    ).toBe('postgres://crm_owner@db/crm');
  });

  it('refuses a DATABASE_URL that signs in as a superuser when the owner is given', async () => {
    const admin = inject('dbAdminUrl');
    const url = await createDatabaseFromTemplate(admin, inject('dbTemplate'));
    try {
      await expect(openDatabase({ databaseUrl: url, ownerUrl: url, dataDir: '/nonexistent' })).rejects.toThrow(
        /is a superuser: the server's own connections must use a role that is not/,
      );
    } finally {
      await dropDatabase(admin, new URL(url).pathname.slice(1));
    }
  });

  it("stops the start-up when DATABASE_OWNER_URL's role does not own the tables (its GRANTs would only warn)", async () => {
    const admin = inject('dbAdminUrl');
    const url = await createDatabaseFromTemplate(admin, inject('dbTemplate'));
    try {
      await ensureAppRole(url, { name: 'crm_test_other', password: undefined });
      await expect(grantAppRole(appUrlOf(url), 'crm_test_other')).rejects.toThrow(
        /could not grant "crm_test_other" its privileges: DATABASE_OWNER_URL must sign in as the owner of the tables/,
      );
    } finally {
      await dropDatabase(admin, new URL(url).pathname.slice(1));
    }
  });

  it('without DATABASE_OWNER_URL, says to set it when the schema needs a change the own role may not make', async () => {
    const admin = inject('dbAdminUrl');
    const name = `crm_roles_empty_${process.pid}`;
    await dropDatabase(admin, name);
    await withClient(admin, (c) => c.query(`create database ${name}`));
    try {
      await expect(
        openDatabase({ databaseUrl: appUrlOf(databaseUrl(admin, name)), dataDir: '/nonexistent' }),
      ).rejects.toThrow(/permission denied .*start the server once with DATABASE_OWNER_URL/);
    } finally {
      await dropDatabase(admin, name);
    }
  });
});
