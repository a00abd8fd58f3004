import { describe, expect, it } from 'vitest';
import { createDemoVicidialLists, createSimulatedTransport } from './simulated-transport.ts';
import type { TLeadToSend, TSendSettings } from './transport.ts';

describe('the demo dialer (DIALER=simulated)', () => {
  const settings: TSendSettings = {
    listId: '999',
    duplicateCheck: 'DUPLIST',
    dncCheck: true,
    campaignDncCheck: true,
    vicidialCampaignId: 'DEMO',
  };
  const lead = (leadId: string, phoneNumber: string): TLeadToSend => ({
    leadId,
    phoneNumber,
    respondentName: 'Rahim Uddin',
    columns: { region: 'North' },
  });
  const signal = new AbortController().signal;

  it('shows every outcome: added, duplicate, dnc (system and campaign) and refused', async () => {
    const model = createDemoVicidialLists();
    const transport = createSimulatedTransport(model);
    expect(transport.mode).toBe('simulated');
    expect(await transport.addLead(lead('1', '+8801712345678'), settings, signal)).toMatchObject({
      kind: 'added',
      vicidialLeadId: '1000',
    });
    expect(await transport.addLead(lead('2', '+8801712345678'), settings, signal)).toMatchObject({ kind: 'duplicate' });
    expect(await transport.addLead(lead('3', '+8801712340000'), settings, signal)).toMatchObject({
      kind: 'dnc',
      message: expect.stringMatching(/IN DNC/),
    });
    expect(await transport.addLead(lead('4', '+8801712349999'), settings, signal)).toMatchObject({
      kind: 'dnc',
      message: expect.stringMatching(/CAMPAIGN DNC/),
    });
    expect(await transport.addLead(lead('5', '+88012345'), settings, signal)).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/LENGTH/),
    });
    expect(await transport.findLead('1', settings, signal)).toMatchObject({ kind: 'found', vicidialLeadId: '1000' });
    expect(await transport.findLead('2', settings, signal)).toEqual({ kind: 'absent' });
    expect(model.counters()).toEqual({
      addLeadByVendorCode: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 },
      leadsPerList: { 999: 1 },
    });
    expect(model.leads('999')[0]?.fields).toMatchObject({ first_name: 'Rahim', last_name: 'Uddin', region: 'North' });
  });

  it('gives up waiting when the send is stopped', async () => {
    const transport = createSimulatedTransport(createDemoVicidialLists(), { latencyMs: 10_000 });
    const stop = new AbortController();
    const pending = transport.addLead(lead('1', '+8801712345678'), settings, stop.signal);
    stop.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});
