import { describe, expect, it } from 'vitest';
import type { TCallDraftDeleted, TCallDraftSaved, TMyCalls } from '@crm/shared';
import type { Caller } from '../../test/harness.ts';
import { useTestApp } from '../../test/harness.ts';
import { query } from '../../test/leads-support.ts';
import { addLead, lookUp, panelCampaign, saveUrl } from '../../test/crm-support.ts';

const t = useTestApp();

const draftUrl = (campaign: string, leadId: number) => `/api/ap/draft/${leadId}?${query({ tableName: campaign })}`;
const myCallsUrl = (campaign: string) => `/api/ap/myCalls?${query({ tableName: campaign })}`;
const AT_Q3 = { path: ['Q1', 'Q2', 'Q3'], answers: { Q1: 'Yes', Q2: 'Alpha, Gamma' }, leadVersion: 0 };

async function myDrafts(api: Caller, campaign: string) {
  const r = await api.get(myCallsUrl(campaign));
  expect(r.status, r.text).toBe(200);
  return r.json<TMyCalls>().drafts;
}

async function storedDrafts(leadId: number) {
  return t.db.selectFrom('callDrafts').selectAll().where('leadId', '=', String(leadId)).orderBy('userId').execute();
}

describe('PUT and DELETE /api/ap/draft/{leadId}', () => {
  it('refuses anonymous callers (401), QC inspectors (403) and an agent of another campaign (403), storing nothing', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000001');
    expect((await t.anonymous.put(draftUrl(c.name, id), AT_Q3)).status).toBe(401);
    const qc = await t.callerFor('qc');
    expect((await qc.put(draftUrl(c.name, id), AT_Q3)).status).toBe(403);
    expect((await other.agent.put(draftUrl(c.name, id), AT_Q3)).status).toBe(403);
    expect((await other.agent.delete(draftUrl(c.name, id))).status).toBe(403);
    expect((await other.agent.get(myCallsUrl(c.name))).status).toBe(403);
    expect(await storedDrafts(id)).toEqual([]);
  });

  it('keeps the call so far (path, answers, version) and replaces it at each answer; the caller reads it back', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000002', { respondentName: 'Salma Khatun' });
    const first = await c.agent.put(draftUrl(c.name, id), { path: ['Q1'], answers: { Q1: 'Yes' }, leadVersion: 0 });
    expect(first.status, first.text).toBe(200);
    expect(first.json<TCallDraftSaved>().message).toBe('Draft saved');
    const second = await c.agent.put(draftUrl(c.name, id), AT_Q3);
    expect(second.status, second.text).toBe(200);

    const rows = await storedDrafts(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      campaignId: c.id,
      path: ['Q1', 'Q2', 'Q3'],
      currentQno: 'Q3',
      answers: { Q1: 'Yes', Q2: 'Alpha, Gamma' },
      leadVersion: 0,
    });
    expect(new Date(second.json<TCallDraftSaved>().updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.json<TCallDraftSaved>().updatedAt).getTime(),
    );

    expect(await myDrafts(c.agent, c.name)).toEqual([
      {
        leadId: id,
        cellNumber: '+8801713000002',
        respondentName: 'Salma Khatun',
        path: ['Q1', 'Q2', 'Q3'],
        currentQno: 'Q3',
        answers: { Q1: 'Yes', Q2: 'Alpha, Gamma' },
        leadVersion: 0,
        updatedAt: expect.any(String),
      },
    ]);
  });

  it("is the caller's own: another agent of the campaign neither reads, replaces nor deletes it", async () => {
    const c = await panelCampaign(t);
    const colleague = await t.callerFor('agent', { campaign: c.name });
    const id = await addLead(t, c.id, '+8801713000003');
    expect((await c.agent.put(draftUrl(c.name, id), AT_Q3)).status).toBe(200);

    expect(await myDrafts(colleague, c.name)).toEqual([]);
    const deleted = await colleague.delete(draftUrl(c.name, id));
    expect(deleted.status).toBe(200);
    expect(deleted.json<TCallDraftDeleted>()).toEqual({ message: 'There was no draft of this lead', deleted: false });
    // The colleague's own draft of the same lead is a row of its own.
    expect((await colleague.put(draftUrl(c.name, id), { path: ['Q1'], answers: {}, leadVersion: null })).status).toBe(
      200,
    );

    const rows = await storedDrafts(id);
    expect(rows.map((r) => r.currentQno)).toEqual(['Q3', 'Q1']);
    expect((await myDrafts(c.agent, c.name)).map((d) => d.answers)).toEqual([AT_Q3.answers]);
    // The admin's list is the admin's own: empty.
    expect(await myDrafts(c.admin, c.name)).toEqual([]);
  });

  it('deletes the draft (a new search) and says so', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000004');
    expect((await c.agent.put(draftUrl(c.name, id), AT_Q3)).status).toBe(200);
    const r = await c.agent.delete(draftUrl(c.name, id));
    expect(r.json<TCallDraftDeleted>()).toEqual({ message: 'Draft deleted', deleted: true });
    expect(await storedDrafts(id)).toEqual([]);
    expect(await myDrafts(c.agent, c.name)).toEqual([]);
  });

  it('answers 404 for a lead that is not a generated lead of the campaign named, and 400 for a bad draft', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const fresh = await addLead(t, c.id, '+8801713000005', { generated: false });
    const elsewhere = await addLead(t, other.id, '+8801713000006');
    for (const id of [fresh, elsewhere, 99_999_999]) {
      const r = await c.agent.put(draftUrl(c.name, id), AT_Q3);
      expect(r.status, String(id)).toBe(404);
      expect(r.json<{ message: string }>().message).toBe(`${c.name} has no generated lead ${id}`);
    }
    const lead = await addLead(t, c.id, '+8801713000007');
    const bad = [
      { ...AT_Q3, path: [] },
      { ...AT_Q3, path: ['Q1', 'DROP'] },
      { ...AT_Q3, answers: { Q1: 'x'.repeat(2001) } },
      { ...AT_Q3, answers: { shop: 'X' } },
      { path: ['Q1'], answers: {} },
    ];
    for (const body of bad)
      expect((await c.agent.put(draftUrl(c.name, lead), body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    expect([...(await storedDrafts(fresh)), ...(await storedDrafts(elsewhere)), ...(await storedDrafts(lead))]).toEqual(
      [],
    );
  });

  it("is deleted with the caller's save of the lead (a call's end or Partial Call), not with a refused one or another's", async () => {
    const c = await panelCampaign(t);
    const colleague = await t.callerFor('agent', { campaign: c.name });
    const id = await addLead(t, c.id, '+8801713000008');
    const { version } = await lookUp(c.agent, c.name, '01713000008');
    expect((await c.agent.put(draftUrl(c.name, id), { ...AT_Q3, leadVersion: Number(version) })).status).toBe(200);
    expect(
      (await colleague.put(draftUrl(c.name, id), { path: ['Q1'], answers: {}, leadVersion: Number(version) })).status,
    ).toBe(200);

    // The colleague saves first: the agent's save, made from the older version, is refused and the draft stays.
    expect(
      (
        await colleague.put(`${saveUrl(c.name, '01713000008', id)}&version=${version}`, {
          Q1: 'No',
          Q2: 'Partial Call',
          is_called: 0,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await c.agent.put(`${saveUrl(c.name, '01713000008', id)}&version=${version}`, {
          Q1: 'Yes',
          Q2: 'Alpha',
          Q3: 'Partial Call',
          is_called: 0,
        })
      ).status,
    ).toBe(409);
    expect((await storedDrafts(id)).map((d) => d.currentQno)).toEqual(['Q3']);

    // Looked up again, the agent's save goes through and takes the draft with it.
    const again = await lookUp(c.agent, c.name, '01713000008');
    expect(
      (
        await c.agent.put(`${saveUrl(c.name, '01713000008', id)}&version=${again.version}`, {
          Q1: 'Yes',
          Q2: 'Alpha',
          Q3: 'Partial Call',
          is_called: 0,
        })
      ).status,
    ).toBe(200);
    expect(await storedDrafts(id)).toEqual([]);
    expect(await myDrafts(c.agent, c.name)).toEqual([]);
  });
});
