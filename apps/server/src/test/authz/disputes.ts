// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// Disputes are raised by aX on qA's in-house records of aX's calls; each probe that uses a dispute up gets a new one.
import type { ProbeSpec, World } from './types.ts';
import { caller, type Caller } from '../harness.ts';
import { ok, scoreProbeRecord } from './probe-support.ts';

export const DISPUTES_EXPECTATIONS: Record<string, string> = {
  // The agent raises and escalates on its own records; the record's inspector (or an admin) answers; admins decide.
  'POST /api/disputes': 'D A D D D D',
  // Whoever may see the record: its agent, its inspector, an admin.
  'GET /api/disputes/criteria/:id': 'D A D A D A',
  'PUT /api/disputes/:id/answer': 'D D D A D A',
  'POST /api/disputes/:id/escalate': 'D A D D D D',
  'PUT /api/disputes/:id/decision': 'D D D D D A',
  // Agents their own, inspectors those on their records, admins all.
  'GET /api/disputes/pagination/:page/:size': 'D A S A S A',
  // Counts under inspectors' usernames only (no marker to check): an inspector's own lines are tested in figures.test.ts.
  'GET /api/disputes/figures': 'D D D A A A',
  'GET /api/disputes/settings': 'D A A A A A',
  'PUT /api/disputes/settings': 'D D D D D A',
};

/** A fresh record of aX's call scored by qA, Greetings at No (−5): aX disputes it, proposing Yes (0). */
async function openDispute(w: World): Promise<{ id: number; qcId: number; agent: Caller }> {
  const qcId = await scoreProbeRecord(w, 'dispute', { greetings: -5 });
  const agent = caller(w.app, w.tokens.agent);
  const dispute = ok<{ id: number }>(
    await agent.post('/api/disputes', {
      qcId,
      comment: 'Probe',
      criteria: [{ criterion: 'greetings', proposedMark: 0, reason: 'I greeted' }],
    }),
    'dispute probe',
  );
  return { id: dispute.id, qcId, agent };
}

/** Answered by qA with the mark kept: a rejected dispute the agent may escalate. */
async function keptDispute(w: World): Promise<{ id: number; agent: Caller }> {
  const d = await openDispute(w);
  ok(
    await w.qc.put(`/api/disputes/${d.id}/answer`, {
      criteria: [{ criterion: 'greetings', outcome: 'kept', reason: 'No greeting heard' }],
    }),
    'dispute probe answer',
  );
  return d;
}

export function DISPUTES_PROBES(w: World): Record<string, ProbeSpec> {
  const spareRecord = () => scoreProbeRecord(w, 'dispute', { crm: 10 });
  return {
    'POST /api/disputes': async () => ({
      url: '/api/disputes',
      body: {
        qcId: await spareRecord(),
        comment: 'Probe',
        criteria: [{ criterion: 'crm', proposedMark: 20, reason: 'All asked' }],
      },
    }),
    'GET /api/disputes/criteria/:id': async () => ({ url: `/api/disputes/criteria/${await spareRecord()}` }),
    'PUT /api/disputes/:id/answer': async () => ({
      url: `/api/disputes/${(await openDispute(w)).id}/answer`,
      body: { criteria: [{ criterion: 'greetings', outcome: 'accepted' }] },
    }),
    'POST /api/disputes/:id/escalate': async () => ({
      url: `/api/disputes/${(await keptDispute(w)).id}/escalate`,
      body: { reason: 'Listen again' },
    }),
    'PUT /api/disputes/:id/decision': async () => {
      const d = await keptDispute(w);
      ok(await d.agent.post(`/api/disputes/${d.id}/escalate`, { reason: 'Listen again' }), 'dispute probe escalation');
      return {
        url: `/api/disputes/${d.id}/decision`,
        body: { criteria: [{ criterion: 'greetings', outcome: 'accepted', reason: 'Heard it' }] },
      };
    },
    'GET /api/disputes/pagination/:page/:size': async () => {
      await openDispute(w);
      return { url: '/api/disputes/pagination/0/50' };
    },
    'GET /api/disputes/figures': { url: '/api/disputes/figures' },
    'GET /api/disputes/settings': { url: '/api/disputes/settings' },
    'PUT /api/disputes/settings': {
      url: '/api/disputes/settings',
      body: { disputeWindowDays: 7, answerWindowHours: 48 },
    },
  };
}
