// What the authorization matrix's area files share to set a probe up: a reply that has to succeed, and a new in-house
// record of aX's call scored by qA for a probe that uses one up.
import { bestScores, type TQcScores } from '@crm/shared';
import type { Reply } from '../harness.ts';
import type { World } from './types.ts';

/** The reply's body; a setup step that fails throws, naming the step. */
export function ok<T>(r: Reply, what: string): T {
  if (r.status < 200 || r.status > 299) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.json<T>();
}

let seq = 0;
/** A new in-house record of aX's call in X scored by qA, every criterion at its best but `scores`; its id. */
export async function scoreProbeRecord(w: World, area: string, scores: Partial<TQcScores> = {}): Promise<number> {
  seq += 1;
  const card = {
    callDate: '2026-11-21',
    agentId: w.users.agent.username,
    campaignName: w.x.name,
    consumerNumber: '01712345678',
    duration: 95,
    fatalReason: '',
    easVoiceMatchedWithReport: 'Yes',
    suggestion: `${area} probe ${seq}`,
    ...bestScores(),
    ...scores,
  };
  return ok<{ id: number }>(await w.qc.post('/api/qcReport/add', card), `${area} probe record`).id;
}
