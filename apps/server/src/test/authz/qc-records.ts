// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// Comments are on qA's in-house record of aX's call; each probe that changes something gets a record or comment of its own.
import { sql } from 'kysely';
import type { ProbeSpec, World } from './types.ts';
import { ok, scoreProbeRecord } from './probe-support.ts';

export const QC_RECORDS_EXPECTATIONS: Record<string, string> = {
  // Read by whoever may see the record (its agent, its inspector, an admin); written by its inspector or an admin.
  'GET /api/qc-records/:id/comments': 'D A D A D A',
  'POST /api/qc-records/:id/comments': 'D D D A D A',
  'DELETE /api/qc-records/:id/comments/:commentId': 'D D D A D A',
  // The record's agent only.
  'POST /api/qc-records/:id/acknowledge': 'D A D D D D',
  // Inspectors the records they scored (qB: none of qA's), admins all.
  'GET /api/qc-records/unacknowledged': 'D D D A S A',
  'GET /api/qc-records/settings': 'D D D D D A',
  'PUT /api/qc-records/settings': 'D D D D D A',
};

/** A fresh in-house record of aX's call scored by qA. */
const freshRecord = (w: World) => scoreProbeRecord(w, 'qc-records');

export function QC_RECORDS_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/qc-records/:id/comments': { url: `/api/qc-records/${w.record.inHouse}/comments` },
    'POST /api/qc-records/:id/comments': {
      url: `/api/qc-records/${w.record.inHouse}/comments`,
      body: { atSeconds: 12, criterionKey: 'greetings', text: 'Greet before the survey' },
    },
    'DELETE /api/qc-records/:id/comments/:commentId': async () => {
      const id = await freshRecord(w);
      const c = ok<{ id: number }>(
        await w.qc.post(`/api/qc-records/${id}/comments`, { text: 'To delete' }),
        'qc-records probe comment',
      );
      return { url: `/api/qc-records/${id}/comments/${c.id}` };
    },
    'POST /api/qc-records/:id/acknowledge': async () => ({
      url: `/api/qc-records/${await freshRecord(w)}/acknowledge`,
      body: { comment: 'Seen' },
    }),
    // A record scored ten days ago and never acknowledged: overdue, and its agent is the world's marker.
    'GET /api/qc-records/unacknowledged': async () => {
      const id = await freshRecord(w);
      await sql`update qc_records set created_at = now() - interval '10 days' where id = ${id}`.execute(w.app.db);
      return { url: '/api/qc-records/unacknowledged?size=500' };
    },
    'GET /api/qc-records/settings': { url: `/api/qc-records/settings?campaignName=${encodeURIComponent(w.x.name)}` },
    'PUT /api/qc-records/settings': {
      url: `/api/qc-records/settings?campaignName=${encodeURIComponent(w.x.name)}`,
      body: { acknowledgementWindowDays: 3 },
    },
  };
}
