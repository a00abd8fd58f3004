// The audit trail of admin changes: campaigns, agents (one by one and by file), QC accounts, data tables,
// questions and logic rules each leave one entry, in the change's transaction, with only what changed.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AGENT_CSV_COLUMNS, type TCampaign, type TUser } from '@crm/shared';
import { createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { addAgent, nextAgentId, upload } from '../../test/agents-support.ts';
import { addQuestions, newQuestion } from '../../test/questions-support.ts';
import { auditEntries, countAuditEntries, expectNoSecretsLogged } from '../../test/audit-support.ts';

const t = useTestApp();

let adminUser: TestUser;
let admin: Caller;
async function signIn() {
  adminUser ??= await createUser(t.db, { role: 'admin', username: 'audit-admin' });
  admin ??= await t.as(adminUser);
  return admin;
}

async function addCampaign(name: string): Promise<TCampaign> {
  const r = await (
    await signIn()
  ).post('/cc/addCampaign', {
    campaignType: 'Outbound',
    campaignName: name,
    campaignId: name.toUpperCase(),
    callTarget: 40,
  });
  expect(r.status, r.text).toBe(200);
  return r.json<TCampaign>();
}

describe('campaigns', () => {
  it('a create, an edit and a delete are each one entry naming the admin, with before and after of what changed', async () => {
    const api = await signIn();
    const c = await addCampaign('Audit Camp');
    const edit = await api.put('/cc/updateCampaign', {
      id: c.id,
      campaignId: c.campaignId,
      campaignName: 'Audit Camp 2',
      campaignType: 'Outbound',
      callTarget: 55,
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await api.delete(`/cc/delete/${c.id}`)).status).toBe(204);

    const entries = await auditEntries(t.db, 'campaign', c.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]).toMatchObject({
      actorUsername: 'audit-admin',
      actorRole: 'ADMIN',
      changes: { after: { campaignName: 'Audit Camp', callTarget: 40 } },
    });
    expect(entries[0]?.ip).toBeTruthy();
    // Only the two fields that changed, each with its old and new value.
    expect(entries[1]?.changes).toEqual({
      before: { campaignName: 'Audit Camp', callTarget: 40 },
      after: { campaignName: 'Audit Camp 2', callTarget: 55 },
    });
    expect(entries[2]?.changes).toMatchObject({ before: { campaignName: 'Audit Camp 2' } });
  });

  it('a refused change writes no entry', async () => {
    const api = await signIn();
    await addCampaign('Audit Twice');
    const before = await countAuditEntries(t.db);
    const r = await api.post('/cc/addCampaign', {
      campaignType: 'Outbound',
      campaignName: 'Audit Twice',
      campaignId: 'OTHER-CODE',
      callTarget: 40,
    });
    expect(r.status).toBe(409);
    expect(await countAuditEntries(t.db)).toBe(before);
  });

  it('an entry that cannot be written takes its change with it (same transaction)', async () => {
    const api = await signIn();
    const c = await addCampaign('Audit Atomic');
    // A check the log row fails makes the insert into audit_log fail inside the campaign's transaction (added by the
    // table's owner: the app's role may not alter it).
    await sql`alter table audit_log add constraint audit_test_refuse check (object_type <> 'campaign') not valid`.execute(
      t.ownerDb,
    );
    try {
      const r = await api.put('/cc/updateCampaign', {
        id: c.id,
        campaignId: c.campaignId,
        campaignName: 'Audit Atomic 2',
        campaignType: 'Outbound',
        callTarget: 40,
      });
      expect(r.status).toBe(500);
    } finally {
      await sql`alter table audit_log drop constraint audit_test_refuse`.execute(t.ownerDb);
    }
    const stored = await t.db
      .selectFrom('campaigns')
      .select('campaignName')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored.campaignName).toBe('Audit Atomic');
  });
});

describe('agents and accounts', () => {
  it('an agent create, an edit with a new password and a delete: never the password, only that it changed', async () => {
    const api = await signIn();
    const agent = await addAgent(api, { password: 'first-secret-1' });
    const edit = await api.put('/api/ac/editAgent', {
      ...agent,
      name: 'Renamed Agent',
      password: 'second-secret-2',
      status: true,
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await api.delete(`/api/ac/deleteAgent/${agent.id}`)).status).toBe(204);

    const entries = await auditEntries(t.db, 'agent', agent.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]?.changes).toMatchObject({
      before: { name: agent.name },
      after: { name: 'Renamed Agent' },
      note: 'password changed',
    });
    await expectNoSecretsLogged(t.db, 'first-secret-1', 'second-secret-2');
  });

  it('a file of agents is one entry with its count', async () => {
    const token = await t.app.tokens.sign({
      sub: String((await createUser(t.db, { role: 'admin', username: 'audit-uploader' })).id),
      userName: 'audit-uploader',
      name: 'U',
      roles: [{ roleName: 'ADMIN', roleDescription: '' }],
    });
    const ids = [nextAgentId('AUD'), nextAgentId('AUD'), nextAgentId('AUD')];
    const rows = ids.map((id) =>
      AGENT_CSV_COLUMNS.map(
        (c) => ({ type: 'Physical', name: 'File Agent', agentId: id, password: 'quiet-river-9' })[c as string] ?? '',
      ).join(','),
    );
    const r = await upload(t.app, token, `${AGENT_CSV_COLUMNS.join(',')}\n${rows.join('\n')}\n`);
    expect(r.status, r.text).toBe(200);
    const entries = (await auditEntries(t.db, 'agent')).filter((e) => e.action === 'upload');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUsername: 'audit-uploader',
      changes: { counts: { agents: 3 }, note: `${ids[0]} … ${ids[2]}` },
    });
    await expectNoSecretsLogged(t.db, 'quiet-river-9');
  });

  it('a QC account created, renamed, disabled and its password reset', async () => {
    const api = await signIn();
    const created = await api.post('/api/users', { username: 'audit-qc', name: 'Audit QC', password: 'qc-secret-123' });
    expect(created.status, created.text).toBe(200);
    const user = created.json<TUser>();
    expect(
      (await api.put(`/api/users/${user.id}`, { name: 'Audit QC Two', active: false, password: 'qc-secret-456' }))
        .status,
    ).toBe(200);
    const entries = await auditEntries(t.db, 'user', user.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]?.changes).toEqual({
      before: { name: 'Audit QC', active: true },
      after: { name: 'Audit QC Two', active: false },
      note: 'password reset',
    });
    await expectNoSecretsLogged(t.db, 'qc-secret-123', 'qc-secret-456');
  });
});

describe('data tables, questions and logic', () => {
  it('a data table created, given columns and deleted', async () => {
    const api = await signIn();
    const c = await addCampaign('Audit Table');
    const made = await api.post('/dt/addDataTables', {
      campaignName: c.campaignName,
      numberOfField: 1,
      columns: ['brand_a'],
    });
    expect(made.status, made.text).toBe(200);
    const id = made.json<{ id: number }>().id;
    expect(
      (await api.post(`/dynamic/create?tableName=${encodeURIComponent(c.campaignName)}&columns=brand_b`)).status,
    ).toBe(200);
    expect((await api.delete(`/dt/deleteDataTables/${id}`)).status).toBe(204);
    const entries = await auditEntries(t.db, 'dataTable', id);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['create', { after: { name: c.campaignName, columns: ['brand_a'] } }],
      ['update', { before: { columns: ['brand_a'] }, after: { columns: ['brand_a', 'brand_b'] } }],
      ['delete', { before: { name: c.campaignName, columns: ['brand_a', 'brand_b'] } }],
    ]);
  });

  it("questions added, edited and deleted, and a question's rules set, changed and cleared", async () => {
    const api = await signIn();
    const c = await addCampaign('Audit Survey');
    const [q1, q2, q3] = await addQuestions(api, [
      newQuestion(c.campaignName, { title: 'Smoker?', type: 'Select Option', options: 'Yes,No' }),
      newQuestion(c.campaignName, { title: 'Brand?' }),
      newQuestion(c.campaignName, { title: 'Thanks' }),
    ]);
    if (!q1 || !q2 || !q3) throw new Error('questions not added');
    expect(
      (await auditEntries(t.db, 'question')).filter((e) => [q1.id, q2.id, q3.id].map(String).includes(e.objectId)),
    ).toHaveLength(3);

    const set = await api.post('/api/logic/setLogics', [
      { questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null },
    ]);
    expect(set.status, set.text).toBe(200);
    const changed = await api.put('/api/logic/updateLogic', {
      questionId: q1.id,
      rules: [{ questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null }],
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await api.delete(`/api/logic/clearLogic?id=${q1.id}`)).status).toBe(200);
    const rules = await auditEntries(t.db, 'logicRule', q1.id);
    expect(rules.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(rules[1]?.changes).toEqual({
      before: { rules: [{ optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null }] },
      after: { rules: [{ optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null }] },
    });

    const edit = await api.put('/questions/updateQuestion', {
      ...q2,
      title: 'Which brand?',
      options: q2.options ?? '',
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await api.delete(`/questions/deleteQuestion/${q3.id}`)).status).toBe(200);
    const q2Entries = await auditEntries(t.db, 'question', q2.id);
    expect(q2Entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(q2Entries[1]?.changes).toEqual({ before: { title: 'Brand?' }, after: { title: 'Which brand?' } });
    expect((await auditEntries(t.db, 'question', q3.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});

describe('the log itself', () => {
  it("cannot be changed or emptied by the application's connection", async () => {
    await addCampaign('Audit Kept');
    // The app's role has no such privilege (docs/trust.md, Database roles); the owner's own connection meets the trigger.
    await expect(sql`update audit_log set actor_username = 'someone else'`.execute(t.db)).rejects.toThrow(
      /permission denied for table audit_log/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/permission denied for table audit_log/);
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/permission denied for table audit_log/);
    await expect(sql`update audit_log set actor_username = 'someone else'`.execute(t.ownerDb)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.ownerDb)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.ownerDb)).rejects.toThrow(/append-only/);
    expect((await auditEntries(t.db, 'campaign')).some((e) => e.actorUsername === 'someone else')).toBe(false);
  });
});
