// A client QC record's recording played to a client account (docs/guide/clients.md "Recordings"): named by the
// record's id, never by its file name (which holds the number), and checked on every request: the record is a client
// record of one of the account's campaigns and the account may play recordings now. Admins may play any client
// record's recording here too (to hear what the client hears).
import { CLIENT_RECORDING_MESSAGES, REFUSAL_CODES, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { userIdOf } from '../../auth/access.ts';
import type { TMedia, VoiceLogSource } from '../voicelog/media.ts';
import { parseRecordingRef } from '../voicelog/paths.ts';
import type { TRangeAsk } from '../voicelog/range.ts';
import { inClientCampaigns, isClient } from './scope.ts';

const notYourRecord = () =>
  new AppError('FORBIDDEN', CLIENT_RECORDING_MESSAGES.notYourRecord, REFUSAL_CODES.notYourRecord);
const notAllowed = () =>
  new AppError('FORBIDDEN', CLIENT_RECORDING_MESSAGES.notAllowed, REFUSAL_CODES.recordingsNotAllowed);
const noRecording = () => new AppError('NOT_FOUND', CLIENT_RECORDING_MESSAGES.noRecording, REFUSAL_CODES.noRecording);

/** Whether the client account is active and its administrator lets it play recordings, read now (not from the token). */
async function mayPlayRecordings(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('clientRecordings')
    .where('id', '=', userId)
    .where('role', '=', 'client')
    .where('active', '=', true)
    .executeTakeFirst();
  return row?.clientRecordings === true;
}

/**
 * The client QC record's newest linked recording, as the player asks for it (Range, HEAD). A client: 403
 * NOT_YOUR_RECORD for a record that is not a client record of its campaigns (an unknown id alike, so ids cannot be
 * probed), 403 RECORDINGS_NOT_ALLOWED while its flag is off; anyone: 404 NO_RECORDING when no recording is linked.
 */
export async function playClientRecording(
  deps: { db: Db; voiceLog: VoiceLogSource },
  user: TTokenPayload,
  qcRecordId: number,
  ask: TRangeAsk,
  head: boolean,
): Promise<TMedia> {
  const { db } = deps;
  const client = isClient(user) ? userIdOf(user) : undefined;
  let q = db
    .selectFrom('qcRecords')
    .select((eb) => [
      'qcRecords.callDate',
      eb
        .selectFrom('qcRecordFiles')
        .select('qcRecordFiles.fileName')
        .whereRef('qcRecordFiles.qcRecordId', '=', 'qcRecords.id')
        .orderBy('qcRecordFiles.id', 'desc')
        .limit(1)
        .as('fileName'),
    ])
    .where('qcRecords.id', '=', qcRecordId)
    .where('qcRecords.kind', '=', 'client');
  if (client !== undefined) q = q.where((eb) => inClientCampaigns(eb.ref('qcRecords.campaignId'), client));
  const record = await q.executeTakeFirst();
  if (!record) {
    if (client !== undefined) throw notYourRecord();
    throw new AppError('NOT_FOUND', CLIENT_RECORDING_MESSAGES.noClientRecord(qcRecordId));
  }
  if (client !== undefined && !(await mayPlayRecordings(db, client))) throw notAllowed();
  if (record.fileName === null) throw noRecording();
  const ref = parseRecordingRef(`${record.callDate}/${record.fileName}`);
  const media = await deps.voiceLog.download(ref, ask, head);
  // Kept in no cache: once the flag is off or a campaign taken away, the client's browser must ask (and be refused).
  return client === undefined ? media : { ...media, headers: { ...media.headers, 'cache-control': 'no-store' } };
}
