import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { VicidialSettings } from '../dialer/vicidial.ts';
import { AgentStatusError, type TAgentSession, type TAgentStatusRead } from './agent-status.ts';
import { createAgentWatcher, type AgentWatcher, type TConnectedCall, type TWatchedAgent } from './watcher.ts';

const SETTINGS: VicidialSettings = {
  mode: 'vicidial',
  url: 'http://vicidial.test/vicidial/non_agent_api.php',
  user: 'crmapi',
  pass: 'secret',
  userGroups: ['G'],
  pollMs: 5000,
  timeoutMs: 1000,
};

function agent(n: number): TWatchedAgent {
  return { userId: n, agentId: `AG-${n}`, vicidialUser: `${1000 + n}`, campaignName: 'Mobile', sid: null };
}

function session(over: Partial<TAgentSession> = {}): TAgentStatusRead {
  return {
    kind: 'session',
    session: {
      status: 'PAUSED',
      callId: '',
      leadId: '0',
      campaignId: 'TESTCAMP',
      subStatus: '',
      phoneNumber: '',
      vendorLeadCode: '',
      sessionId: '8600051',
      ...over,
    },
  };
}

/** A logger whose lines the test reads. */
function capturedLog(): { log: FastifyBaseLogger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { log, lines };
}

let watcher: AgentWatcher | undefined;
afterEach(async () => {
  await watcher?.stop();
  watcher = undefined;
});

describe("the watch of the agents' VICIdial sessions", () => {
  it('reads each watched agent once a pass, never more than `concurrency` at once, and pushes a call newly INCALL once', async () => {
    const answers = new Map<string, TAgentStatusRead>();
    const reads: string[] = [];
    let inFlight = 0;
    let most = 0;
    const calls: TConnectedCall[] = [];
    const { log } = capturedLog();
    watcher = createAgentWatcher({
      settings: SETTINGS,
      pollMs: 1000,
      concurrency: 3,
      timeoutMs: 1000,
      graceMs: 0,
      log,
      onCall: async (call) => void calls.push(call),
      read: async (user) => {
        reads.push(user);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        return answers.get(user) ?? session();
      },
    });
    const releases = Array.from({ length: 10 }, (_, i) => watcher!.watch(agent(i + 1)));
    await watcher.passNow();
    expect(reads.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `${1001 + i}`).sort());
    expect(most).toBe(3);
    expect(calls).toEqual([]);

    answers.set(
      '1004',
      session({ status: 'INCALL', callId: 'M1', leadId: '501', phoneNumber: '1712345678', vendorLeadCode: '77' }),
    );
    await watcher.passNow();
    await watcher.passNow(); // still the same call: not pushed again
    expect(calls.map((c) => [c.agent.agentId, c.session.leadId])).toEqual([['AG-4', '501']]);
    // Another call of the same agent is pushed; a QUEUE or a lead-less INCALL is not a call yet.
    answers.set('1004', session({ status: 'INCALL', callId: 'M2', leadId: '502', phoneNumber: '1712345679' }));
    answers.set('1005', session({ status: 'QUEUE', leadId: '600', phoneNumber: '1712345600' }));
    answers.set('1006', session({ status: 'INCALL', leadId: '0', phoneNumber: '' }));
    await watcher.passNow();
    expect(calls.map((c) => c.session.leadId)).toEqual(['501', '502']);

    // A released agent is no longer read (grace 0).
    for (const release of releases) release();
    reads.length = 0;
    await watcher.passNow();
    expect(reads).toEqual([]);
    expect(watcher.size()).toBe(0);
  });

  it("spreads a scheduled pass's reads over the interval, reading each agent once an interval", async () => {
    const reads: { user: string; at: number }[] = [];
    const { log } = capturedLog();
    watcher = createAgentWatcher({
      settings: SETTINGS,
      pollMs: 1000,
      concurrency: 20,
      timeoutMs: 1000,
      graceMs: 0,
      log,
      onCall: async () => {},
      read: async (user) => {
        reads.push({ user, at: performance.now() });
        return session();
      },
    });
    for (let i = 1; i <= 40; i += 1) watcher.watch(agent(i));
    watcher.start();
    await expect.poll(() => reads.length, { timeout: 5000 }).toBeGreaterThanOrEqual(80);
    const first = reads.slice(0, 40);
    // 40 agents over 800 ms of the second, in groups of 10: 200 ms apart, not one burst.
    expect(new Set(first.map((r) => r.user)).size).toBe(40);
    expect(first.at(-1)!.at - first[0]!.at).toBeGreaterThan(550);
    // The same agent a second later (a pass every second, never sooner).
    const again = reads.slice(40, 80).find((r) => r.user === first[0]!.user)!;
    expect(again.at - first[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('logs a VICIdial that cannot be read once, tries one agent a pass until it answers, then says so once', async () => {
    let failure: Error | null = new AgentStatusError(
      'ERROR: agent_status USER DOES NOT HAVE PERMISSION TO GET AGENT INFO - crmapi|0',
    );
    const reads: string[] = [];
    const { log, lines } = capturedLog();
    watcher = createAgentWatcher({
      settings: SETTINGS,
      pollMs: 1000,
      concurrency: 5,
      timeoutMs: 1000,
      graceMs: 60_000,
      log,
      onCall: async () => {},
      read: async (user) => {
        reads.push(user);
        if (failure) throw failure;
        return session();
      },
    });
    for (let i = 1; i <= 5; i += 1) watcher.watch(agent(i));
    await watcher.passNow();
    expect(reads).toHaveLength(5);
    reads.length = 0;
    for (let i = 0; i < 4; i += 1) await watcher.passNow();
    expect(reads).toHaveLength(4); // one probe a pass while it fails
    failure = new Error('something unexpected');
    await watcher.passNow();
    failure = null;
    await watcher.passNow();
    reads.length = 0;
    await watcher.passNow();
    expect(reads).toHaveLength(5);
    const warnings = lines.filter((l) => l.level >= 40);
    expect(warnings.map((l) => l.msg)).toEqual([
      'screen pop: VICIdial agent_status cannot be read; one agent is tried each pass until it answers',
    ]);
    expect(JSON.stringify(warnings)).not.toContain('secret');
    expect(lines.filter((l) => l.msg === 'screen pop: VICIdial agent_status answers again')).toHaveLength(1);
  });

  it("logs each agent's VICIdial state once per change, and a call that could not be pushed is tried again", async () => {
    const answers: TAgentStatusRead[] = [
      { kind: 'not-logged-in', message: 'ERROR: agent_status AGENT NOT LOGGED IN - crmapi||' },
      { kind: 'not-logged-in', message: 'ERROR: agent_status AGENT NOT LOGGED IN - crmapi||' },
      session({ status: 'INCALL', leadId: '9', phoneNumber: '1712345678' }),
      session({ status: 'INCALL', leadId: '9', phoneNumber: '1712345678' }),
    ];
    let pushes = 0;
    const { log, lines } = capturedLog();
    watcher = createAgentWatcher({
      settings: SETTINGS,
      pollMs: 1000,
      concurrency: 1,
      timeoutMs: 1000,
      graceMs: 0,
      log,
      onCall: async () => {
        pushes += 1;
        if (pushes === 1) throw new Error('database away');
      },
      read: async () => answers.shift() ?? session({ status: 'INCALL', leadId: '9', phoneNumber: '1712345678' }),
    });
    watcher.watch(agent(1));
    for (let i = 0; i < 4; i += 1) await watcher.passNow();
    await expect.poll(() => pushes).toBe(2);
    const states = lines
      .filter((l) => l.msg === "screen pop: agent's VICIdial session")
      .map((l) => l as unknown as { state: string; vicidial?: string });
    expect(states.map((s) => s.state)).toEqual(['not logged in to VICIdial', 'logged in to VICIdial']);
    expect(states[0]?.vicidial).toBe('ERROR: agent_status AGENT NOT LOGGED IN - ***||');
    expect(lines.filter((l) => l.msg.startsWith('screen pop: a call could not be pushed'))).toHaveLength(1);
  });
});
