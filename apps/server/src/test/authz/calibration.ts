// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// qA takes part in the probes' sessions with a third inspector; qB does not, so qB meets another's session.
import { bestScores } from '@crm/shared';
import type { ProbeSpec, World } from './types.ts';

/** Admins and QC inspectors, each its own list. */
const SCORERS = 'D D D A A A';
const ADMIN = 'D D D D D A';
/** Admins, and the session's inspectors (qA). */
const PARTICIPANTS = 'D D D A D A';
/** Only the session's inspectors score: not even an admin. */
const SCORING = 'D D D A D D';

export const CALIBRATION_EXPECTATIONS: Record<string, string> = {
  'GET /api/calibration/pagination/:page/:size': SCORERS,
  'POST /api/calibration': ADMIN,
  'GET /api/calibration/:id': PARTICIPANTS,
  'PUT /api/calibration/:id/calls/:callId/scoring': SCORING,
  'POST /api/calibration/:id/close': ADMIN,
  'GET /api/calibration/:id/results': PARTICIPANTS,
  'PUT /api/calibration/:id/calls/:callId/expert': ADMIN,
};

let made = 0;

export function CALIBRATION_PROBES(w: World): Record<string, ProbeSpec> {
  const body = (inspectorIds: number[]) => ({
    name: `Matrix calibration ${(made += 1)}`,
    deadline: '2099-12-31',
    inspectorIds,
    calls: [{ campaignName: w.x.name, consumerNumber: '01712345678', callDate: '2026-11-20' }],
  });
  /** A third inspector (so qA's sessions have two without qB). */
  let third: Promise<number> | undefined;
  const thirdInspector = () => {
    third ??= w.app.db
      .insertInto('users')
      .values({
        username: 'matrix-calibration-qc',
        name: 'Matrix Calibration Inspector',
        role: 'qc',
        passwordHash: 'x',
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    return third;
  };
  const createSession = async (): Promise<{ id: number; callId: number }> => {
    const r = await w.admin.post('/api/calibration', body([w.users.qc.id, await thirdInspector()]));
    if (r.status !== 200) throw new Error(`calibration session: ${r.status} ${r.text}`);
    const { id } = r.json<{ id: number }>();
    const s = await w.admin.get(`/api/calibration/${id}`);
    return { id, callId: s.json<{ calls: { id: number }[] }>().calls[0]?.id ?? 0 };
  };
  let open: Promise<{ id: number; callId: number }> | undefined;
  const openSession = () => (open ??= createSession());
  let closed: Promise<{ id: number; callId: number }> | undefined;
  const closedSession = () =>
    (closed ??= createSession().then(async (s) => {
      await w.admin.post(`/api/calibration/${s.id}/close`);
      return s;
    }));

  return {
    'GET /api/calibration/pagination/:page/:size': { url: '/api/calibration/pagination/0/10' },
    'POST /api/calibration': async () => ({
      url: '/api/calibration',
      body: body([w.users.qc.id, await thirdInspector()]),
    }),
    'GET /api/calibration/:id': async () => ({ url: `/api/calibration/${(await openSession()).id}` }),
    'PUT /api/calibration/:id/calls/:callId/scoring': async () => {
      const s = await openSession();
      return {
        url: `/api/calibration/${s.id}/calls/${s.callId}/scoring`,
        body: { ...bestScores(), comment: 'matrix' },
      };
    },
    'POST /api/calibration/:id/close': async () => ({
      url: `/api/calibration/${(await createSession()).id}/close`,
      body: {},
    }),
    'GET /api/calibration/:id/results': async () => ({ url: `/api/calibration/${(await closedSession()).id}/results` }),
    'PUT /api/calibration/:id/calls/:callId/expert': async () => {
      const s = await closedSession();
      return { url: `/api/calibration/${s.id}/calls/${s.callId}/expert`, body: bestScores() };
    },
  };
}
