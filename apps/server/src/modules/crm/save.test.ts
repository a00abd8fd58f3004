import { describe, expect, it } from 'vitest';
import type { TLeadSaveResult } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addLead, lookUp, panelCampaign, saveUrl, storedLead } from '../../test/crm-support.ts';

const t = useTestApp();

describe('PUT /dynamic/updateLeadData/{t}/{cell}', () => {
  it('writes the answers and is_called to the one generated lead, with who called and when', async () => {
    const c = await panelCampaign(t);
    const agentUser = await t.db
      .selectFrom('users')
      .select('id')
      .orderBy('id', 'desc')
      .where('role', '=', 'agent')
      .executeTakeFirstOrThrow();
    const id = await addLead(t, c.id, '+8801712000001');
    const before = await storedLead(t, id);
    const r = await c.agent.put(saveUrl(c.name, '017-1200-0001', id), {
      Q1: 'Yes',
      Q2: 'Alpha, Gamma',
      Q3: '4',
      Q4: 'Call back after six',
      is_called: 1,
    });
    expect(r.status, r.text).toBe(200);
    const result = r.json<TLeadSaveResult>();
    expect(result.message).toBe('Lead data updated successfully!');
    expect(result.ignored).toEqual([]);
    expect(result.lead).toMatchObject({
      id,
      Q1: 'Yes',
      Q2: 'Alpha, Gamma',
      Q3: '4',
      Q4: 'Call back after six',
      is_called: 1,
    });
    const after = await storedLead(t, id);
    expect(after.answers).toEqual({ Q1: 'Yes', Q2: 'Alpha, Gamma', Q3: '4', Q4: 'Call back after six' });
    expect(after.isCalled).toBe(1);
    expect(after.calledBy).toBe(agentUser.id);
    expect(after.calledAt).not.toBeNull();
    // createdAt is the lead's, not "last answered at" as in the older system.
    expect(after.createdAt).toEqual(before.createdAt);
  });

  it('writes only Q columns of the campaign and is_called; every other key is ignored and listed', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712000002');
    const before = await storedLead(t, id);
    const body = {
      id: 999,
      cell_number: '+8801999999999',
      for_d: '',
      generate_status: 0,
      createdAt: '2000-01-01',
      respondent_name: 'Hacker',
      shop: 'X',
      Q9: 'No such question',
      'Q1; drop table leads': 'x',
      Q1: 'No',
      is_called: 0,
    };
    const r = await c.agent.put(saveUrl(c.name, '01712000002', id), body);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TLeadSaveResult>().ignored.sort()).toEqual(
      [
        'Q1; drop table leads',
        'Q9',
        'cell_number',
        'createdAt',
        'for_d',
        'generate_status',
        'id',
        'respondent_name',
        'shop',
      ].sort(),
    );
    const after = await storedLead(t, id);
    expect(after).toEqual({
      ...before,
      answers: { Q1: 'No' },
      isCalled: 0,
      calledBy: after.calledBy,
      calledAt: after.calledAt,
      version: before.version + 1,
    });
  });

  it('writes exactly one lead: not the same number on another date, in another campaign, or not generated', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const older = await addLead(t, c.id, '+8801712000003', { dataDate: '2026-11-18' });
    const target = await addLead(t, c.id, '+8801712000003', { dataDate: '2026-11-19' });
    const fresh = await addLead(t, c.id, '+8801712000003', { dataDate: '2026-11-20', generated: false });
    const elsewhere = await addLead(t, other.id, '+8801712000003');
    const r = await c.agent.put(saveUrl(c.name, '01712000003'), { Q1: 'Yes', is_called: 1 });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TLeadSaveResult>().lead.id).toBe(target);
    for (const untouched of [older, fresh, elsewhere]) expect((await storedLead(t, untouched)).answers).toEqual({});
    // With leadId the save goes to that lead, even when it is not the newest.
    expect((await c.agent.put(saveUrl(c.name, '01712000003', older), { Q1: 'No' })).status).toBe(200);
    expect((await storedLead(t, older)).answers).toEqual({ Q1: 'No' });
    expect((await storedLead(t, target)).answers).toEqual({ Q1: 'Yes' });
  });

  it('answers 404 and writes nothing for a fresh lead, an unknown number or a lead id of another number', async () => {
    const c = await panelCampaign(t);
    const fresh = await addLead(t, c.id, '+8801712000004', { generated: false });
    const other = await addLead(t, c.id, '+8801712000005');
    const cases: [string, number | undefined][] = [
      ['01712000004', undefined],
      ['01712000009', undefined],
      ['01712000004', other],
    ];
    for (const [cell, leadId] of cases) {
      const r = await c.agent.put(saveUrl(c.name, cell, leadId), { Q1: 'Yes', is_called: 1 });
      expect(r.status, `${cell} ${leadId}`).toBe(404);
      expect(r.json<{ message: string }>().message).toMatch(/has no generated lead with the number \+88017120000\d{2}/);
    }
    expect((await storedLead(t, fresh)).answers).toEqual({});
    expect((await storedLead(t, other)).answers).toEqual({});
  });

  it('rejects a bad answer whole, naming each problem, and stores nothing', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712000006');
    const r = await c.agent.put(saveUrl(c.name, '01712000006', id), {
      Q1: 'Maybe',
      Q2: 'Alpha, Delta',
      Q3: 'four',
      Q4: 'fine',
      is_called: 7,
    });
    expect(r.status).toBe(400);
    const { message } = r.json<{ message: string }>();
    expect(message).toContain('The answers were not saved.');
    expect(message).toContain('is_called must be 0 or 1');
    expect(message).toContain('Q1 (Did you buy it?): "Maybe" is not one of its options');
    expect(message).toContain('Q2 (Which brands?): "Delta" is not one of its options');
    expect(message).toContain('Q3 (How many packs?): Please enter a valid number');
    expect(await storedLead(t, id)).toMatchObject({ answers: {}, isCalled: 0, calledBy: null });
    const empty = await c.agent.put(saveUrl(c.name, '01712000006', id), { Q1: '  ' });
    expect(empty.json<{ message: string }>().message).toContain(
      'Q1 (Did you buy it?): Please provide an answer before proceeding',
    );
    const long = await c.agent.put(saveUrl(c.name, '01712000006', id), { Q4: 'x'.repeat(2001) });
    expect(long.json<{ message: string }>().message).toContain('longer than 2000 characters');
    const notObject = await c.agent.put(saveUrl(c.name, '01712000006', id), ['Q1']);
    expect(notObject.status).toBe(400);
  });

  it("keeps 'Partial Call' for any question and clears answers sent as null (a resumed call's new path)", async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712000007');
    expect(
      (await c.agent.put(saveUrl(c.name, '01712000007', id), { Q1: 'Yes', Q2: 'Partial Call', is_called: 0 })).status,
    ).toBe(200);
    expect((await lookUp(c.agent, c.name, '01712000007')).Q2).toBe('Partial Call');
    expect(
      (await c.agent.put(saveUrl(c.name, '01712000007', id), { Q1: 'No', Q2: null, Q3: '2', Q4: null, is_called: 1 }))
        .status,
    ).toBe(200);
    expect(await storedLead(t, id)).toMatchObject({ answers: { Q1: 'No', Q3: '2' }, isCalled: 1 });
  });

  it('leaves a consistent row when two saves of one lead race: one whole body wins', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712000008');
    const a = { Q1: 'Yes', Q2: 'Alpha', Q3: '1', Q4: 'first', is_called: 1 };
    const b = { Q1: 'No', Q2: 'Beta, Gamma', Q3: '2', Q4: 'second', is_called: 0 };
    for (let round = 0; round < 5; round += 1) {
      const replies = await Promise.all([
        c.agent.put(saveUrl(c.name, '01712000008', id), a),
        c.admin.put(saveUrl(c.name, '01712000008', id), b),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      const row = await storedLead(t, id);
      const { is_called: isCalled, ...answers } = row.answers.Q4 === 'first' ? a : b;
      expect(row.answers).toEqual(answers);
      expect(row.isCalled).toBe(isCalled);
    }
  });

  it("refuses an agent another campaign's lead (403) and anonymous callers (401), writing nothing", async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const id = await addLead(t, other.id, '+8801712000010');
    const r = await c.agent.put(saveUrl(other.name, '01712000010', id), { Q1: 'Yes', is_called: 1 });
    expect(r.status).toBe(403);
    expect((await t.anonymous.put(saveUrl(other.name, '01712000010', id), { Q1: 'Yes' })).status).toBe(401);
    expect((await storedLead(t, id)).answers).toEqual({});
  });

  it('does not record a caller for a correction without is_called (a QC edit)', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712000011');
    const qc = await t.callerFor('qc');
    expect((await qc.put(saveUrl(c.name, '01712000011', id), { Q1: 'No' })).status).toBe(200);
    expect(await storedLead(t, id)).toMatchObject({
      answers: { Q1: 'No' },
      calledBy: null,
      calledAt: null,
      isCalled: 0,
    });
  });
});
