import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  readFakeLeadCounters,
  setFakeVicidial,
  startFakeVicidial,
  type FakeVicidial,
} from '../../../test/fake-vicidial.ts';
import type { TLeadToSend, TSendSettings } from './transport.ts';
import { createVicidialTransport, type TVicidialTransportSettings } from './vicidial-transport.ts';

const SETTINGS: TSendSettings = {
  listId: '101',
  duplicateCheck: 'DUPLIST',
  dncCheck: true,
  campaignDncCheck: false,
  vicidialCampaignId: null,
};
const lead = (leadId: string, phoneNumber = '+8801712345678'): TLeadToSend => ({
  leadId,
  phoneNumber,
  respondentName: 'Rahim Uddin',
  columns: {},
});
const PASS = 's3cret|&=pass';

describe('createVicidialTransport against the fake VICIdial', () => {
  let fake: FakeVicidial;
  let config: TVicidialTransportSettings;
  const signal = new AbortController().signal;
  beforeAll(async () => {
    fake = await startFakeVicidial({ user: 'crmapi', pass: PASS, lists: { dnc: ['1712000000'] } });
    // Generous: an answer must never be mistaken for a hang on a busy machine; the hang tests set their own.
    config = { url: fake.url, user: fake.user, pass: fake.pass, timeoutMs: 10_000 };
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.setLeads({ kind: 'normal' });
    fake.resetLeads({ dnc: ['1712000000'] });
  });

  it("adds a lead, sending the credentials and source with add_lead's parameters", async () => {
    const transport = createVicidialTransport(config);
    expect(transport.mode).toBe('vicidial');
    const result = await transport.addLead(lead('4711'), SETTINGS, signal);
    expect(result).toMatchObject({ kind: 'added', vicidialLeadId: '1000' });
    expect(result.message).not.toContain('crmapi');
    const q = fake.leadRequests.at(-1)!;
    expect(Object.fromEntries(q)).toMatchObject({
      user: 'crmapi',
      pass: PASS,
      source: 'crm',
      function: 'add_lead',
      phone_code: '880',
      phone_number: '1712345678',
      list_id: '101',
      vendor_lead_code: '4711',
    });
    expect(fake.lists.leads('101').map((l) => l.vendorLeadCode)).toEqual(['4711']);
    // The user_group_status poller's requests are counted apart.
    expect(fake.requests).toEqual([]);
  });

  it("reads VICIdial's refusals: duplicate, DNC, and wrong credentials as a stop without the password", async () => {
    const transport = createVicidialTransport(config);
    await transport.addLead(lead('1'), SETTINGS, signal);
    expect(await transport.addLead(lead('2'), SETTINGS, signal)).toMatchObject({ kind: 'duplicate' });
    expect(await transport.addLead(lead('3', '+8801712000000'), SETTINGS, signal)).toMatchObject({ kind: 'dnc' });
    const wrong = await createVicidialTransport({ ...config, pass: 'not-the-pass' }).addLead(
      lead('4'),
      SETTINGS,
      signal,
    );
    expect(wrong.kind).toBe('stop');
    expect(wrong.message).not.toContain('not-the-pass');
  });

  it('looks a lead up by its vendor_lead_code: found after it was added, absent before', async () => {
    const transport = createVicidialTransport(config);
    expect(await transport.findLead('4711', SETTINGS, signal)).toEqual({ kind: 'absent' });
    await transport.addLead(lead('4711'), SETTINGS, signal);
    expect(await transport.findLead('4711', SETTINGS, signal)).toMatchObject({ kind: 'found', vicidialLeadId: '1000' });
    expect(Object.fromEntries(fake.leadRequests.at(-1)!)).toMatchObject({
      function: 'update_lead',
      no_update: 'Y',
      user: 'crmapi',
      pass: PASS,
    });
  });

  it('a dialer that does not answer is transient after the time-out, and the next request is answered', async () => {
    fake.setLeads({ kind: 'hang', count: 1 });
    const started = Date.now();
    expect(await createVicidialTransport({ ...config, timeoutMs: 300 }).addLead(lead('1'), SETTINGS, signal)).toEqual({
      kind: 'transient',
      message: 'The dialer did not answer within 300 ms.',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(fake.lists.leads('101')).toEqual([]);
    expect(await createVicidialTransport(config).addLead(lead('1'), SETTINGS, signal)).toMatchObject({ kind: 'added' });
  });

  it('an HTTP error or an unreadable page is transient', async () => {
    const transport = createVicidialTransport(config);
    fake.setLeads({ kind: 'status', code: 500, count: 2 });
    expect(await transport.addLead(lead('1'), SETTINGS, signal)).toEqual({
      kind: 'transient',
      message: 'The dialer answered HTTP 500.',
    });
    expect(await transport.findLead('1', SETTINGS, signal)).toEqual({
      kind: 'transient',
      message: 'The dialer answered HTTP 500.',
    });
    fake.setLeads({ kind: 'garbage', count: 1 });
    expect(await transport.addLead(lead('1'), SETTINGS, signal)).toMatchObject({
      kind: 'transient',
      message: expect.stringMatching(/could not be read/),
    });
    expect(await transport.addLead(lead('1'), SETTINGS, signal)).toMatchObject({ kind: 'added' });
  });

  it('a dialer that cannot be reached is transient, naming the host', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = createVicidialTransport({
      ...config,
      url: `http://127.0.0.1:${port}/vicidial/non_agent_api.php`,
    });
    expect(await transport.addLead(lead('1'), SETTINGS, signal)).toEqual({
      kind: 'transient',
      message: `Cannot reach the dialer at 127.0.0.1:${port} (ECONNREFUSED).`,
    });
  });

  it('rethrows when the send is stopped: not an outcome of the lead', async () => {
    fake.setLeads({ kind: 'hang' });
    const transport = createVicidialTransport({ ...config, timeoutMs: 5000 });
    const stop = new AbortController();
    const pending = transport.addLead(lead('1'), SETTINGS, stop.signal);
    setTimeout(() => stop.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
  });

  it('is steered and counted from another process through the control URL', async () => {
    const transport = createVicidialTransport(config);
    await setFakeVicidial(fake.controlUrl, { leads: { kind: 'status', count: 1 } });
    expect((await transport.addLead(lead('7'), SETTINGS, signal)).kind).toBe('transient');
    expect((await transport.addLead(lead('7'), SETTINGS, signal)).kind).toBe('added');
    await transport.findLead('7', SETTINGS, signal);
    expect(await readFakeLeadCounters(fake.controlUrl)).toEqual({
      requests: 3,
      addLeadByVendorCode: { 7: 2 },
      leadsPerList: { 101: 1 },
    });
    await setFakeVicidial(fake.controlUrl, { resetLeads: {} });
    expect(await readFakeLeadCounters(fake.controlUrl)).toEqual({
      requests: 0,
      addLeadByVendorCode: {},
      leadsPerList: {},
    });
  });

  it('answers with the configured latency', async () => {
    fake.setLeads({ kind: 'normal', latencyMs: 120 });
    const started = Date.now();
    expect((await createVicidialTransport(config).addLead(lead('1'), SETTINGS, signal)).kind).toBe('added');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
