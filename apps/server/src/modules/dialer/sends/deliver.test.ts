// One lead's delivery against a dialer whose answers are scripted: a lost answer is looked up before any new add_lead,
// a stop ends at once, an abort leaves the lead's fate open (or untouched), and the pacer spaces requests at the rate.
import { describe, expect, it } from 'vitest';
import { createPacer, deliverLead } from './deliver.ts';
import type { TAddLeadResult, TFindLeadResult, TLeadTransport, TSendSettings } from './transport.ts';

const settings: TSendSettings = {
  listId: '1001',
  duplicateCheck: 'NONE',
  dncCheck: false,
  campaignDncCheck: false,
  vicidialCampaignId: null,
};
const lead = { leadId: '42', phoneNumber: '+8801712345678', respondentName: null, columns: {} };
const config = { retries: 2, backoffMs: 1 };

/** A dialer answering from two scripts, one answer per call, and the calls it got in order. */
function scripted(adds: TAddLeadResult[], finds: TFindLeadResult[] = []) {
  const calls: string[] = [];
  const transport: TLeadTransport = {
    mode: 'vicidial',
    addLead: async () => {
      calls.push('add');
      return adds.shift() ?? { kind: 'transient', message: 'no script' };
    },
    findLead: async () => {
      calls.push('find');
      return finds.shift() ?? { kind: 'transient', message: 'no script' };
    },
  };
  return { transport, calls };
}

const pace = async () => undefined;

describe('deliverLead', () => {
  it('adds a lead with one request', async () => {
    const { transport, calls } = scripted([{ kind: 'added', vicidialLeadId: '9', message: 'SUCCESS' }]);
    expect(
      await deliverLead(lead, false, { transport, settings, config, signal: new AbortController().signal, pace }),
    ).toEqual({ kind: 'added', vicidialLeadId: '9', message: 'SUCCESS', attempts: 1 });
    expect(calls).toEqual(['add']);
  });

  it('looks a lead up after a lost answer and does not add it again when it is there', async () => {
    const { transport, calls } = scripted(
      [{ kind: 'transient', message: 'The dialer did not answer within 10 s.' }],
      [{ kind: 'found', vicidialLeadId: '7', message: 'NOTICE: found' }],
    );
    const d = await deliverLead(lead, false, {
      transport,
      settings,
      config,
      signal: new AbortController().signal,
      pace,
    });
    expect(d).toMatchObject({ kind: 'added', vicidialLeadId: '7', attempts: 2 });
    expect(calls).toEqual(['add', 'find']);
  });

  it('sends a lead that may be there (a crash) only after the list says it is not', async () => {
    const { transport, calls } = scripted(
      [{ kind: 'duplicate', message: 'ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST' }],
      [{ kind: 'absent' }],
    );
    expect(
      await deliverLead(lead, true, { transport, settings, config, signal: new AbortController().signal, pace }),
    ).toMatchObject({ kind: 'duplicate', attempts: 2 });
    expect(calls).toEqual(['find', 'add']);
  });

  it('counts a lead failed after every try, with the last reason, never as sent', async () => {
    const { transport, calls } = scripted(
      [
        { kind: 'transient', message: 'HTTP 500' },
        { kind: 'transient', message: 'HTTP 500' },
      ],
      [{ kind: 'absent' }, { kind: 'transient', message: 'Cannot reach the dialer' }],
    );
    expect(
      await deliverLead(lead, false, { transport, settings, config, signal: new AbortController().signal, pace }),
    ).toEqual({ kind: 'failed', message: 'Cannot reach the dialer', attempts: 4 });
    expect(calls).toEqual(['add', 'find', 'add', 'find']);
  });

  it('stops at an answer no lead gets past', async () => {
    const { transport, calls } = scripted([{ kind: 'stop', message: 'NOT AN ALLOWED LIST ID' }]);
    expect(
      await deliverLead(lead, false, { transport, settings, config, signal: new AbortController().signal, pace }),
    ).toMatchObject({ kind: 'stop', message: 'NOT AN ALLOWED LIST ID' });
    expect(calls).toEqual(['add']);
  });

  it('leaves a lead untried when stopped before it went, and open when stopped after a lost answer', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const { transport, calls } = scripted([]);
    expect(await deliverLead(lead, false, { transport, settings, config, signal: stopped.signal, pace })).toEqual({
      kind: 'untried',
      attempts: 0,
    });
    expect(calls).toEqual([]);

    const midway = new AbortController();
    const lost = scripted([{ kind: 'transient', message: 'time-out' }]);
    const slowPace = async () => {
      if (lost.calls.length > 0) midway.abort();
    };
    expect(
      await deliverLead(lead, false, {
        transport: lost.transport,
        settings,
        config,
        signal: midway.signal,
        pace: slowPace,
      }),
    ).toEqual({ kind: 'unknown', attempts: 1 });
  });
});

describe('createPacer', () => {
  it('spaces requests evenly at the rate, and not at all at rate 0', async () => {
    const signal = new AbortController().signal;
    const pace = createPacer(50, signal);
    const t0 = performance.now();
    for (let i = 0; i < 6; i += 1) await pace();
    // Six requests at 50 a second: the sixth waits five gaps of 20 ms.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(95);
    const free = createPacer(0, signal);
    const t1 = performance.now();
    for (let i = 0; i < 1000; i += 1) await free();
    expect(performance.now() - t1).toBeLessThan(50);
  });
});
