// No silent overwrites (docs/product.md §4.5): a save naming a version that is no longer the lead's is refused with who saved it
// and when; every save raises the version and is kept in the lead's answer history, which admins and QC read.
import { describe, expect, it } from 'vitest';
import {
  AGENT_PANEL_MESSAGES,
  leadSavedByOtherMessage,
  localTimeText,
  type TLeadAnswerHistoryEntry,
  type TLeadSaveResult,
} from '@crm/shared';
import { createUser, useTestApp, type Caller } from '../../test/harness.ts';
import { addLead, lookUp, panelCampaign, saveUrl, storedLead } from '../../test/crm-support.ts';

// The 409 names the time of the save on the call centre's clock (TIME_ZONE), whatever the machine's zone.
const t = useTestApp({ timeZone: 'Asia/Dhaka' });

function versionedSaveUrl(campaign: string, cellNumber: string, leadId: number, version: number | string): string {
  return `${saveUrl(campaign, cellNumber, leadId)}&version=${version}`;
}

/** An agent with a username of our choosing (the agentId the history and the 409 name), signed into the campaign. */
async function namedAgent(username: string, campaign: string): Promise<Caller> {
  return t.as(await createUser(t.db, { role: 'agent', username }), { campaign });
}

async function historyRows(leadId: number) {
  return t.db.selectFrom('leadAnswerHistory').selectAll().where('leadId', '=', String(leadId)).orderBy('id').execute();
}

describe('PUT /dynamic/updateLeadData/{t}/{cell}?version=', () => {
  it("refuses the second of two agents who saved from the same lookup, naming the first, and keeps the first one's answers", async () => {
    const c = await panelCampaign(t);
    const a = await namedAgent('AG-7101', c.name);
    const b = await namedAgent('AG-7102', c.name);
    const id = await addLead(t, c.id, '+8801713000001');
    const seenByA = await lookUp(a, c.name, '01713000001');
    const seenByB = await lookUp(b, c.name, '01713000001');
    expect([seenByA.version, seenByB.version]).toEqual([0, 0]);

    const first = await a.put(versionedSaveUrl(c.name, '01713000001', id, Number(seenByA.version)), {
      Q1: 'Yes',
      Q3: '2',
      is_called: 1,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json<TLeadSaveResult>().lead).toMatchObject({ id, Q1: 'Yes', Q3: '2', is_called: 1, version: 1 });

    const before = await storedLead(t, id);
    const second = await b.put(versionedSaveUrl(c.name, '01713000001', id, Number(seenByB.version)), {
      Q1: 'No',
      Q4: 'B was here',
      is_called: 0,
    });
    expect(second.status).toBe(409);
    const [saved] = await historyRows(id);
    expect(saved?.agentId).toBe('AG-7101');
    expect(second.body).toEqual({
      message: leadSavedByOtherMessage('AG-7101', saved?.savedAt ?? new Date(), 'Asia/Dhaka'),
      code: 'STALE_VERSION',
    });
    expect(second.json<{ message: string }>().message).toContain(
      ` ${localTimeText(saved?.savedAt ?? new Date(), 'Asia/Dhaka')}.`,
    );
    expect(second.json<{ message: string }>().message).toMatch(
      /^This lead was saved by AG-7101 at (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}\. Search the number again to see their answers\.$/,
    );
    // Nothing changed: the first agent's answers, caller and version stand, and the refused save left no history.
    expect(await storedLead(t, id)).toEqual(before);
    expect(before).toMatchObject({ answers: { Q1: 'Yes', Q3: '2' }, isCalled: 1, version: 1 });
    expect(await historyRows(id)).toHaveLength(1);

    // Searching again gives B the current version, and B's save is then taken.
    const again = await lookUp(b, c.name, '01713000001');
    expect(again).toMatchObject({ Q1: 'Yes', version: 1 });
    const retried = await b.put(versionedSaveUrl(c.name, '01713000001', id, Number(again.version)), {
      Q1: 'No',
      is_called: 1,
    });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json<TLeadSaveResult>().lead).toMatchObject({ Q1: 'No', version: 2 });
  });

  it("answers the retry of the agent's own committed save as the first try (its answer lost), storing nothing twice; other answers or another agent still get 409", async () => {
    const c = await panelCampaign(t);
    const a = await namedAgent('AG-7151', c.name);
    const b = await namedAgent('AG-7152', c.name);
    const id = await addLead(t, c.id, '+8801713000011');
    const url = versionedSaveUrl(c.name, '01713000011', id, 0);
    const body = { Q1: 'Yes', Q3: '2', Q4: null, is_called: 1 };
    const first = await a.put(url, body);
    expect(first.status, first.text).toBe(200);
    const stored = await storedLead(t, id);

    // The same save again (the screen's Retry after a 503 whose commit went through): 200 with the same lead.
    const retry = await a.put(url, body);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json<TLeadSaveResult>()).toEqual(first.json<TLeadSaveResult>());
    expect(await storedLead(t, id)).toEqual(stored);
    expect(await historyRows(id)).toHaveLength(1);

    // Not the same save: other answers from the same version, or another agent's identical body, are refused.
    expect((await a.put(url, { ...body, Q3: '3' })).status).toBe(409);
    expect((await a.put(url, { ...body, is_called: 0 })).status).toBe(409);
    const other = await b.put(url, body);
    expect(other.status).toBe(409);
    expect(other.json<{ message: string }>().message).toContain('saved by AG-7151 at');
    // Once a later save came, the first one's retry is a conflict too (it would hide the later answers).
    expect((await a.put(versionedSaveUrl(c.name, '01713000011', id, 1), { Q1: 'No', is_called: 1 })).status).toBe(200);
    expect((await a.put(url, body)).status).toBe(409);
    expect(await historyRows(id)).toHaveLength(2);
  });

  it('lets exactly one of many saves made at once from the same version through', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000002');
    const agents = await Promise.all(
      ['AG-7201', 'AG-7202', 'AG-7203', 'AG-7204', 'AG-7205'].map((name) => namedAgent(name, c.name)),
    );
    const replies = await Promise.all(
      agents.map((agent, i) =>
        agent.put(versionedSaveUrl(c.name, '01713000002', id, 0), { Q4: `agent ${i}`, is_called: 1 }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = replies.findIndex((r) => r.status === 200);
    expect(await storedLead(t, id)).toMatchObject({ answers: { Q4: `agent ${winner}` }, version: 1 });
    const history = await historyRows(id);
    expect(history.map((h) => h.agentId)).toEqual([`AG-720${winner + 1}`]);
    for (const r of replies.filter((reply) => reply.status === 409))
      expect(r.json<{ message: string }>().message).toContain(`saved by AG-720${winner + 1} at`);
  });

  it('saves without a version as before (older clients), still raising the version and keeping the save', async () => {
    const c = await panelCampaign(t);
    const agent = await namedAgent('AG-7301', c.name);
    const id = await addLead(t, c.id, '+8801713000003');
    expect((await agent.put(saveUrl(c.name, '01713000003', id), { Q1: 'Yes', is_called: 0 })).status).toBe(200);
    const r = await agent.put(saveUrl(c.name, '01713000003', id), { Q1: 'No', is_called: 1 });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TLeadSaveResult>().lead).toMatchObject({ Q1: 'No', version: 2 });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'AG-7301')
      .executeTakeFirstOrThrow();
    expect((await historyRows(id)).map((h) => [h.agentId, h.userId, h.version, h.isCalled])).toEqual([
      ['AG-7301', user.id, 1, 0],
      ['AG-7301', user.id, 2, 1],
    ]);
    // A screen still holding version 0 is refused now.
    const stale = await agent.put(versionedSaveUrl(c.name, '01713000003', id, 0), { Q1: 'Yes' });
    expect(stale.status).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('saved by AG-7301 at');
  });

  it('refuses a version no save made with a message that names no one', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000004');
    const r = await c.agent.put(versionedSaveUrl(c.name, '01713000004', id, 5), { Q1: 'Yes' });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: AGENT_PANEL_MESSAGES.leadChanged, code: 'STALE_VERSION' });
    expect(await storedLead(t, id)).toMatchObject({ answers: {}, version: 0 });
  });

  it('answers 404, not 409, for a version of a lead that is not there', async () => {
    const c = await panelCampaign(t);
    const other = await addLead(t, c.id, '+8801713000006');
    const r = await c.agent.put(versionedSaveUrl(c.name, '01713000005', other, 0), { Q1: 'Yes' });
    expect(r.status).toBe(404);
    expect(r.json<{ message: string }>().message).toMatch(/has no generated lead with the number \+8801713000005/);
  });

  it('answers 400 for a version that is not a whole number', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000007');
    for (const version of ['abc', '-1', '1.5', '']) {
      const r = await c.agent.put(versionedSaveUrl(c.name, '01713000007', id, version), { Q1: 'Yes' });
      expect(r.status, version).toBe(400);
      expect(r.json<{ message: string }>().message, version).toContain('version must be a whole number');
    }
    expect(await storedLead(t, id)).toMatchObject({ answers: {}, version: 0 });
  });
});

describe('GET /api/ap/answerHistory/{leadId}', () => {
  it('refuses anonymous callers (401) and agents (403)', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000010');
    expect((await t.anonymous.get(`/api/ap/answerHistory/${id}`)).status).toBe(401);
    expect((await c.agent.get(`/api/ap/answerHistory/${id}`)).status).toBe(403);
  });

  it('gives admins and QC inspectors one entry per save, newest first: agent, time, answers after it, is_called, version', async () => {
    const c = await panelCampaign(t);
    const agent = await namedAgent('AG-7401', c.name);
    const qcUser = await createUser(t.db, { role: 'qc', username: 'qc.history' });
    const qc = await t.as(qcUser);
    const id = await addLead(t, c.id, '+8801713000011');
    const started = Date.now();
    expect(
      (await agent.put(versionedSaveUrl(c.name, '01713000011', id, 0), { Q1: 'Yes', Q2: 'Partial Call', is_called: 0 }))
        .status,
    ).toBe(200);
    expect(
      (await agent.put(versionedSaveUrl(c.name, '01713000011', id, 1), { Q2: 'Alpha', Q3: '3', is_called: 1 })).status,
    ).toBe(200);
    // A QC correction is a save too.
    expect((await qc.put(versionedSaveUrl(c.name, '01713000011', id, 2), { Q3: '4' })).status).toBe(200);
    // A refused save leaves no entry.
    expect((await agent.put(versionedSaveUrl(c.name, '01713000011', id, 1), { Q1: 'No' })).status).toBe(409);

    for (const reader of [c.admin, qc]) {
      const r = await reader.get(`/api/ap/answerHistory/${id}`);
      expect(r.status, r.text).toBe(200);
      const history = r.json<TLeadAnswerHistoryEntry[]>();
      expect(history.map(({ savedAt: _, ...rest }) => rest)).toEqual([
        { version: 3, agentId: 'qc.history', answers: { Q1: 'Yes', Q2: 'Alpha', Q3: '4' }, isCalled: 1 },
        { version: 2, agentId: 'AG-7401', answers: { Q1: 'Yes', Q2: 'Alpha', Q3: '3' }, isCalled: 1 },
        { version: 1, agentId: 'AG-7401', answers: { Q1: 'Yes', Q2: 'Partial Call' }, isCalled: 0 },
      ]);
      for (const entry of history) {
        expect(new Date(entry.savedAt).toISOString()).toBe(entry.savedAt);
        expect(Date.parse(entry.savedAt)).toBeGreaterThanOrEqual(started - 5000);
      }
      expect(Date.parse(history[0]?.savedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(history[2]?.savedAt ?? ''));
    }
  });

  it('answers an empty list for a lead never saved or not there, and 400 for an id that is not one', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801713000012');
    expect((await c.admin.get(`/api/ap/answerHistory/${id}`)).body).toEqual([]);
    expect((await c.admin.get('/api/ap/answerHistory/987654321')).body).toEqual([]);
    expect((await c.admin.get('/api/ap/answerHistory/abc')).status).toBe(400);
  });
});
