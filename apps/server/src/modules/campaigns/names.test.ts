// Names shown in screens, files and headers refuse line breaks, tabs, other control characters and text-direction
// marks, naming the field (issue 33; packages/shared noControlChars), as data-table column names already did.
import { describe, expect, it } from 'vitest';
import { controlCharsMessage, DEFAULT_DISPOSITIONS } from '@crm/shared';
import { createCampaign, type Reply, useTestApp } from '../../test/harness.ts';
import { addAgent, agentBody } from '../../test/agents-support.ts';

const t = useTestApp();

const HOSTILE = [
  'Karim\r\nSet-Cookie: x=1',
  'Karim\n',
  '\tKarim',
  'Kar\u0000im',
  'Kar\u009bim',
  'Karim\u202Egnp.exe',
  'Karim\u2066x',
];

function expectRefused(r: Reply, field: string, label = field) {
  expect(r.status, r.text).toBe(400);
  expect(r.json<{ message: string }>().message).toContain(`${field}: ${controlCharsMessage(label)}`);
}

describe('names with control characters', () => {
  it('refuses them in a campaign name and code, when adding and when renaming; the stored campaign is unchanged', async () => {
    const admin = await t.callerFor('admin');
    const c = await createCampaign(t.db, { campaignName: 'Names Spring' });
    for (const text of HOSTILE) {
      expectRefused(
        await admin.post('/cc/addCampaign', { campaignType: 'Inbound', campaignName: text, campaignId: 'NM1' }),
        'campaignName',
      );
      expectRefused(
        await admin.post('/cc/addCampaign', { campaignType: 'Inbound', campaignName: 'Names ok', campaignId: text }),
        'campaignId',
      );
      expectRefused(
        await admin.put('/cc/updateCampaign', { id: c.id, campaignName: text, campaignId: c.campaignId }),
        'campaignName',
      );
    }
    const stored = await t.db
      .selectFrom('campaigns')
      .select('campaignName')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(stored.campaignName).toBe('Names Spring');
    expect(await t.db.selectFrom('campaigns').select('id').where('campaignId', '=', 'NM1').execute()).toEqual([]);
  });

  it("refuses them in an agent's name and agent ID, and in a user's name and username", async () => {
    const admin = await t.callerFor('admin');
    const agent = await addAgent(admin);
    for (const text of HOSTILE) {
      expectRefused(await admin.post('/api/ac/addAgent', agentBody({ name: text })), 'name');
      expectRefused(await admin.post('/api/ac/addAgent', agentBody({ agentId: text })), 'agentId');
      expectRefused(
        await admin.put('/api/ac/editAgent', {
          id: agent.id,
          type: agent.type,
          name: text,
          agentId: agent.agentId,
          status: true,
        }),
        'name',
      );
      expectRefused(
        await admin.post('/api/users', { username: 'names.qc', name: text, password: 'qc-password-1', role: 'QC' }),
        'name',
      );
      expectRefused(
        await admin.post('/api/users', { username: text, name: 'Names QC', password: 'qc-password-1', role: 'QC' }),
        'username',
      );
    }
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'names.qc').execute()).toEqual([]);
  });

  it("refuses them in a disposition's name and a do-not-call entry's reason", async () => {
    const admin = await t.callerFor('admin');
    const c = await createCampaign(t.db);
    const dispositions = DEFAULT_DISPOSITIONS.map((d, i) => (i === 0 ? { ...d, name: 'Completed\r\nX' } : d));
    const r = await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions });
    expect(r.status, r.text).toBe(400);
    expect(r.json<{ message: string }>().message).toContain(controlCharsMessage('A disposition name'));
    expectRefused(await admin.post('/api/dnc', { number: '01712399001', reason: 'Asked\nnot to' }), 'reason');
  });
});
