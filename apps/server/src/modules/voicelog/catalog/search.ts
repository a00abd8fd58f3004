// Search through the recordings index: a date and a number, filtered and sorted by the automatic checks.
import type { TVoiceFile, TVoiceLogPage, TVoiceLogSearchQuery, TVoiceLogSort } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB, Db } from '../../../db/schema.ts';
import { voiceLogPage, type TRawVoiceFile } from '../media.ts';
import { phoneKey } from '../names.ts';
import { checksOf, type TChecksRow } from './checks.ts';

type TRecordingsQuery = SelectQueryBuilder<DB, 'recordings', object>;

/** The brief's columns: the stored analysis without its waveform (the bulk of it). */
const BRIEF_COLUMNS = ['analysisStatus', 'analysisReason', 'durationSec', 'holdSeconds'] as const;

function filtered(q: TRecordingsQuery, query: TVoiceLogSearchQuery): TRecordingsQuery {
  let out = q;
  if (query.longestSilenceOver !== undefined) out = out.where('longestSilenceSec', '>', query.longestSilenceOver);
  if (query.talkRatioUnder !== undefined) out = out.where('talkRatio', '<', query.talkRatioUnder / 100);
  return out;
}

/** Worst first for a check (recordings not analysed yet last), call time for 'time'; file name breaks ties. */
function sorted(q: TRecordingsQuery, sort: TVoiceLogSort): TRecordingsQuery {
  const byTime = (b: TRecordingsQuery) => b.orderBy(sql`call_time asc nulls last`).orderBy('fileName');
  switch (sort) {
    case 'longestSilence':
      return byTime(q.orderBy(sql`longest_silence_sec desc nulls last`));
    case 'deadAir':
      return byTime(q.orderBy(sql`dead_air_sec desc nulls last`));
    case 'talkRatio':
      return byTime(q.orderBy(sql`talk_ratio asc nulls last`));
    case 'overtalk':
      return byTime(q.orderBy(sql`overtalk_count desc nulls last`));
    case 'time':
      return byTime(q);
  }
}

/** A date's recordings of a number however it is written, in RECORDINGS_DIR's index. */
export async function searchIndex(
  db: Db,
  country: CountryCode,
  holdSeconds: number,
  query: TVoiceLogSearchQuery,
): Promise<TVoiceLogPage> {
  const key = phoneKey(query.msisdn, country);
  if (key === '') return voiceLogPage([], 0, query);
  const base = filtered(
    db
      .selectFrom('recordings')
      .where('callDate', '=', query.directory)
      .where('phoneKey', '=', key)
      .where('goneAt', 'is', null)
      .where('source', '=', 'local'),
    query,
  );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    sorted(base, query.sort)
      .select(['callTime', 'phoneNumber', 'agentId', 'fileName', ...BRIEF_COLUMNS])
      .select(sql<unknown>`analysis - 'peaks'`.as('analysis'))
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
  ]);
  const content = rows.map((r): TVoiceFile => ({
    dateTime: r.callTime,
    phoneNumber: r.phoneNumber,
    campaignName: '',
    agentId: r.agentId,
    fileName: r.fileName,
    duration: r.durationSec,
    checks: checksOf(r, holdSeconds),
  }));
  return voiceLogPage(content, Number(count.n), query);
}

type TIndexedRemote = TChecksRow & {
  fileName: string;
  id: number;
  durationSec: number | null;
  longestSilenceSec: number | null;
  talkRatio: number | null;
  deadAirSec: number | null;
  overtalkCount: number | null;
};

/**
 * The external voice log's recordings of a search page, indexed (source 'remote') the first time they are met;
 * returns their rows (the new ones pending, and their ids to analyse).
 */
export async function indexRemote(
  db: Db,
  country: CountryCode,
  date: string,
  files: TRawVoiceFile[],
): Promise<{ rows: Map<string, TIndexedRemote>; added: number[] }> {
  if (files.length === 0) return { rows: new Map(), added: [] };
  const inserted = await db
    .insertInto('recordings')
    .values(
      files.map((f) => ({
        callDate: date,
        fileName: f.fileName,
        source: 'remote' as const,
        phoneNumber: f.phoneNumber,
        phoneKey: f.phoneNumber === '' ? '' : phoneKey(f.phoneNumber, country),
        agentId: f.agentId,
        callTime: f.dateTime,
        durationSec: f.duration,
      })),
    )
    .onConflict((oc) => oc.columns(['callDate', 'fileName']).doNothing())
    .returning('id')
    .execute();
  const rows = await db
    .selectFrom('recordings')
    .select([
      'id',
      'fileName',
      'durationSec',
      'longestSilenceSec',
      'talkRatio',
      'deadAirSec',
      'overtalkCount',
      ...BRIEF_COLUMNS,
    ])
    .select(sql<unknown>`analysis - 'peaks'`.as('analysis'))
    .where('callDate', '=', date)
    .where(
      'fileName',
      'in',
      files.map((f) => f.fileName),
    )
    .execute();
  return { rows: new Map(rows.map((r) => [r.fileName, r])), added: inserted.map((r) => r.id) };
}

/** The page's recordings filtered and sorted by their checks (the external server pages; this page is all we have). */
export function filterRemotePage(
  files: TVoiceFile[],
  rows: Map<string, TIndexedRemote>,
  query: TVoiceLogSearchQuery,
): TVoiceFile[] {
  const row = (f: TVoiceFile) => rows.get(f.fileName);
  const kept = files.filter((f) => {
    const r = row(f);
    if (
      query.longestSilenceOver !== undefined &&
      !(r?.longestSilenceSec != null && r.longestSilenceSec > query.longestSilenceOver)
    )
      return false;
    if (query.talkRatioUnder !== undefined && !(r?.talkRatio != null && r.talkRatio < query.talkRatioUnder / 100))
      return false;
    return true;
  });
  const worst = (f: TVoiceFile): number => {
    const r = row(f);
    switch (query.sort) {
      case 'longestSilence':
        return -(r?.longestSilenceSec ?? -Infinity);
      case 'deadAir':
        return -(r?.deadAirSec ?? -Infinity);
      case 'talkRatio':
        return r?.talkRatio ?? Infinity;
      case 'overtalk':
        return -(r?.overtalkCount ?? -Infinity);
      case 'time':
        return 0;
    }
  };
  return query.sort === 'time' ? kept : [...kept].sort((a, b) => worst(a) - worst(b));
}
