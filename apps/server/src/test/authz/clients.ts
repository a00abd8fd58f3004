// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import { clientRecordingPath } from '@crm/shared';
import type { ProbeSpec, World } from './types.ts';

const RECORDING = 'GET /api/clients/recordings/:id';
/** The same route and record, both clients' recordings flag off (a row of its own: the route table has one). */
const RECORDING_FLAG_OFF = `${RECORDING} (recordings not allowed)`;

export const CLIENTS_EXPECTATIONS: Record<string, string> = {
  // A client account's own name, campaigns and recordings flag: client accounts only, each its own.
  'GET /api/clients/me': 'D D D D D D A A',
  // qA's client record of X with a recording linked, both clients allowed to play: cX plays it, cY (campaign Y)
  // is refused; admins hear what a client hears; inspectors and agents use the voice log's own route.
  [RECORDING]: 'D D D D D A A D',
  // The same record with the flags off: cX refused too.
  [RECORDING_FLAG_OFF]: 'D D D D D A D D',
};

/** Rows the route table does not name (per-object rows of one route). */
export const CLIENTS_EXTRA_ROWS = [RECORDING_FLAG_OFF];

/** Links the world's recording (its in-house record's) to qA's client record and sets both clients' flag. */
async function clientRecordingWith(w: World, recordingsAllowed: boolean) {
  const { fileName } = await w.app.db
    .selectFrom('qcRecordFiles')
    .select('fileName')
    .where('qcRecordId', '=', w.record.inHouse)
    .executeTakeFirstOrThrow();
  await w.app.db
    .insertInto('qcRecordFiles')
    .values({ qcRecordId: w.record.client, fileName })
    .onConflict((oc) => oc.constraint('qc_record_files_unique').doNothing())
    .execute();
  await w.app.db
    .updateTable('users')
    .set({ clientRecordings: recordingsAllowed })
    .where('id', 'in', [w.users.client.id, w.users.otherClient.id])
    .execute();
  return { url: clientRecordingPath(w.record.client) };
}

export function CLIENTS_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/clients/me': { url: '/api/clients/me' },
    [RECORDING]: () => clientRecordingWith(w, true),
    [RECORDING_FLAG_OFF]: () => clientRecordingWith(w, false),
  };
}
