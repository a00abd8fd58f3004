// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

/** Admins and QC inspectors. */
const SCORERS = 'D D D A A A';
/** Admins, and the inspector holding the claim. */
const CLAIM_HOLDER = 'D D D A D A';
const ADMIN = 'D D D D D A';

export const QC_QUEUE_EXPECTATIONS: Record<string, string> = {
  'GET /api/qcQueue/pagination/:page/:size': SCORERS,
  'POST /api/qcQueue/claim': SCORERS,
  'DELETE /api/qcQueue/claim/:id': CLAIM_HOLDER,
  'GET /api/qcQueue/progress': SCORERS,
  'GET /api/qcQueue/settings': SCORERS,
  'PUT /api/qcQueue/settings/:campaignName': ADMIN,
};

let seq = 0;

/** A fresh claim of inspector qA on a recording of its own (qA holds one claim at most: an older one is ended). */
async function claimOfQa(w: World): Promise<number> {
  seq += 1;
  const db = w.app.db;
  const recording = await db
    .insertInto('recordings')
    .values({
      callDate: '2026-11-22',
      fileName: `20261122-10${String(1000 + seq).slice(-4)}_01712345678_matrix-ax-all.mp3`,
      phoneNumber: '01712345678',
      phoneKey: '01712345678',
      agentId: 'matrix-ax',
      durationSec: 60,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('qcQueueClaims').where('inspectorId', '=', w.users.qc.id).execute();
  const claim = await db
    .insertInto('qcQueueClaims')
    .values({
      recordingId: Number(recording.id),
      inspectorId: w.users.qc.id,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(claim.id);
}

/** A call of aX on campaign X ready to claim (attributed, its agent-day open): every caller's claim gets one. */
async function callToClaim(w: World): Promise<void> {
  seq += 1;
  const db = w.app.db;
  const callDate = '2026-11-23';
  await db
    .insertInto('recordings')
    .values({
      callDate,
      fileName: `20261123-10${String(1000 + seq).slice(-4)}_01712345678_matrix-ax-all.mp3`,
      phoneNumber: '01712345678',
      phoneKey: '01712345678',
      agentId: 'matrix-ax',
      durationSec: 60,
      campaignId: w.x.id,
      agentUserId: w.users.agent.id,
      attributedAt: new Date(),
    })
    .execute();
  await db
    .insertInto('qcQueueDays')
    .values({ campaignId: w.x.id, callDate, agentUserId: w.users.agent.id })
    .onConflict((oc) => oc.columns(['campaignId', 'callDate', 'agentUserId']).doUpdateSet({ closed: false }))
    .execute();
}

export function QC_QUEUE_PROBES(w: World): Record<string, ProbeSpec> {
  const campaign = encodeURIComponent(w.x.name);
  return {
    'GET /api/qcQueue/pagination/:page/:size': { url: `/api/qcQueue/pagination/0/10?campaignName=${campaign}` },
    'POST /api/qcQueue/claim': async () => {
      await callToClaim(w);
      return { url: '/api/qcQueue/claim', body: { campaignName: w.x.name } };
    },
    'DELETE /api/qcQueue/claim/:id': async () => ({ url: `/api/qcQueue/claim/${await claimOfQa(w)}` }),
    'GET /api/qcQueue/progress': { url: `/api/qcQueue/progress?campaignName=${campaign}` },
    'GET /api/qcQueue/settings': { url: '/api/qcQueue/settings' },
    'PUT /api/qcQueue/settings/:campaignName': {
      url: `/api/qcQueue/settings/${campaign}`,
      body: { targetPerAgentDay: 5, minDurationSec: 30 },
    },
  };
}
