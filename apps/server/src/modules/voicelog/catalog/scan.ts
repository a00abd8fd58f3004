// The recordings index kept in step with RECORDINGS_DIR (docs/architecture.md, Automatic checks): a date folder is
// read into the `recordings` table — new files added, changed files (size or modification time) reset to be
// analysed again, removed files marked gone — and every recording left to analyse is handed to the queue.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isIsoDate } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import { probeAudio } from '../durations.ts';
import { isMissing, isRecordingEntry, statOrNull } from '../local.ts';
import { parseRecordingName, phoneKey } from '../names.ts';
import { dateFolder } from '../paths.ts';
import { attributeRecordings } from './attribution.ts';

export type TCatalog = {
  db: Db;
  recordingsDir: string;
  country: CountryCode;
  /** Queues the analysis of these recordings (ids of the index). */
  enqueue: (ids: number[]) => Promise<void>;
  /** The centre's time zone: when given, new recordings are attributed to an agent and campaign as indexed (QC queue). */
  timeZone?: string;
};

/** quick: only names that came or went (a folder whose modification time moved); full: every file's size and time too. */
export type TScanMode = 'quick' | 'full';

export type TScanCounts = { indexed: number; gone: number };

/** Files probed for their duration at once while indexing a folder. */
const PROBE_BATCH = 8;

type TFound = { fileName: string; size: number; modifiedAt: Date };

/** The folder's recordings (names only), or null when the folder does not exist. */
async function listRecordings(folder: string): Promise<Dirent[] | null> {
  try {
    return (await fs.readdir(folder, { withFileTypes: true })).filter(isRecordingEntry);
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

async function statFile(file: string): Promise<{ size: number; modifiedAt: Date } | null> {
  const stat = await statOrNull(file);
  return stat?.isFile() ? { size: stat.size, modifiedAt: new Date(Math.floor(stat.mtimeMs)) } : null;
}

/** Adds or refreshes recordings of a date; those whose file is new or changed are pending again. Returns their ids. */
async function upsertFound(catalog: TCatalog, date: string, folder: string, found: TFound[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < found.length; i += PROBE_BATCH) {
    const batch = found.slice(i, i + PROBE_BATCH);
    const durations = await Promise.all(
      batch.map((f) => probeAudio(path.join(folder, f.fileName)).then((p) => p.duration)),
    );
    const rows = batch.map((f, j) => {
      const name = parseRecordingName(f.fileName, catalog.country);
      return {
        callDate: date,
        fileName: f.fileName,
        source: 'local' as const,
        phoneNumber: name.phoneNumber,
        phoneKey: name.phoneNumber === '' ? '' : phoneKey(name.phoneNumber, catalog.country),
        agentId: name.agentId,
        callTime: name.dateTime,
        durationSec: durations[j] ?? null,
        sizeBytes: f.size,
        modifiedAt: f.modifiedAt,
      };
    });
    // A file back with the same size and time keeps its analysis; a changed one is analysed again.
    const changed = sql<boolean>`(recordings.size_bytes is distinct from excluded.size_bytes or recordings.modified_at is distinct from excluded.modified_at)`;
    const result = await catalog.db
      .insertInto('recordings')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['callDate', 'fileName']).doUpdateSet({
          source: 'local',
          sizeBytes: (eb) => eb.ref('excluded.sizeBytes'),
          modifiedAt: (eb) => eb.ref('excluded.modifiedAt'),
          durationSec: (eb) => eb.ref('excluded.durationSec'),
          goneAt: null,
          indexedAt: sql`now()`,
          analysisStatus: sql`case when ${changed} then 'pending' else recordings.analysis_status end`,
          analysisReason: sql`case when ${changed} then null else recordings.analysis_reason end`,
        }),
      )
      .returning(['id', 'analysisStatus'])
      .execute();
    ids.push(...result.filter((r) => r.analysisStatus === 'pending').map((r) => r.id));
  }
  return ids;
}

/**
 * Reads one date folder into the index. Removed files are marked gone (their analysis is kept: a QC record may still
 * name them), new and changed ones are indexed and queued for analysis. The folder's modification time is noted
 * before it is read, so a file added while reading moves it again and the next search reads the folder again.
 */
export async function scanFolder(catalog: TCatalog, date: string, mode: TScanMode): Promise<TScanCounts> {
  const folder = dateFolder(catalog.recordingsDir, date);
  const folderStat = await statOrNull(folder);
  const entries = folderStat?.isDirectory() ? await listRecordings(folder) : null;
  const known = await catalog.db
    .selectFrom('recordings')
    .select(['fileName', 'sizeBytes', 'modifiedAt', 'goneAt'])
    .where('callDate', '=', date)
    .where('source', '=', 'local')
    .execute();
  const byName = new Map(known.map((k) => [k.fileName, k]));
  const present = (entries ?? []).map((e) => e.name);

  const found: TFound[] = [];
  for (const name of present) {
    const row = byName.get(name);
    if (mode === 'quick' && row && row.goneAt === null) continue;
    const stat = await statFile(path.join(folder, name));
    if (stat === null) continue;
    const same =
      row &&
      row.goneAt === null &&
      row.sizeBytes === stat.size &&
      row.modifiedAt?.getTime() === stat.modifiedAt.getTime();
    if (!same) found.push({ fileName: name, ...stat });
  }
  const pending = found.length > 0 ? await upsertFound(catalog, date, folder, found) : [];

  const presentSet = new Set(present);
  const goneNames = known.filter((k) => k.goneAt === null && !presentSet.has(k.fileName)).map((k) => k.fileName);
  if (goneNames.length > 0) {
    await catalog.db
      .updateTable('recordings')
      .set({ goneAt: sql`now()` })
      .where('callDate', '=', date)
      .where('source', '=', 'local')
      .where('fileName', 'in', goneNames)
      .where('goneAt', 'is', null)
      .execute();
  }
  if (folderStat) {
    await catalog.db
      .insertInto('recordingFolders')
      .values({ callDate: date, folderMtimeMs: folderStat.mtimeMs })
      .onConflict((oc) =>
        oc.column('callDate').doUpdateSet({ folderMtimeMs: folderStat.mtimeMs, scannedAt: sql`now()` }),
      )
      .execute();
  } else {
    await catalog.db.deleteFrom('recordingFolders').where('callDate', '=', date).execute();
  }
  if (pending.length > 0) await catalog.enqueue(pending);
  if (found.length > 0 && catalog.timeZone !== undefined) await attributeRecordings(catalog.db, catalog.timeZone, date);
  return { indexed: found.length, gone: goneNames.length };
}

/** Before a search of a date: the folder is read again if it changed since it was last read (one stat when it did not). */
export async function refreshFolder(catalog: TCatalog, date: string): Promise<void> {
  const stat = await statOrNull(dateFolder(catalog.recordingsDir, date));
  const seen = await catalog.db
    .selectFrom('recordingFolders')
    .select('folderMtimeMs')
    .where('callDate', '=', date)
    .executeTakeFirst();
  if (stat === null && seen === undefined) {
    // No folder now and none before: only recordings indexed earlier (a folder removed while the server was down) to mark.
    const any = await catalog.db
      .selectFrom('recordings')
      .select('id')
      .where('callDate', '=', date)
      .where('source', '=', 'local')
      .where('goneAt', 'is', null)
      .executeTakeFirst();
    if (any === undefined) return;
  } else if (stat !== null && seen !== undefined && seen.folderMtimeMs === stat.mtimeMs) {
    return;
  }
  await scanFolder(catalog, date, 'quick');
}

/** Folders of the last days are read in full on every pass: recordings are still arriving and being rewritten there. */
const RECENT_DAYS = 2;

/** yyyy-MM-dd of `days` before now (UTC; a day more or less only widens what counts as recent). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A scanner's pass over RECORDINGS_DIR. 'everything' reads every date folder in full (every file's size and time:
 * at start-up, and now and then). 'changed' reads in full the folders of the last RECENT_DAYS days and those whose
 * modification time moved (a file added, removed or renamed); an older folder that did not change costs one stat, so
 * a pass stays cheap with years of recordings. Folders that disappeared have their recordings marked gone.
 */
export async function scanAll(catalog: TCatalog, mode: 'everything' | 'changed' = 'everything'): Promise<TScanCounts> {
  const root = path.resolve(catalog.recordingsDir);
  const entries = await fs.readdir(root, { withFileTypes: true }).catch((e: unknown) => {
    if (isMissing(e)) return [];
    throw e;
  });
  const seen = new Map(
    (await catalog.db.selectFrom('recordingFolders').select(['callDate', 'folderMtimeMs']).execute()).map((r) => [
      r.callDate,
      r.folderMtimeMs,
    ]),
  );
  const dates = new Set([
    ...entries.filter((e) => e.isDirectory() && isIsoDate(e.name)).map((e) => e.name),
    ...seen.keys(),
  ]);
  const recent = daysAgo(RECENT_DAYS);
  const total: TScanCounts = { indexed: 0, gone: 0 };
  for (const date of [...dates].sort()) {
    if (mode === 'changed' && date < recent) {
      const stat = await statOrNull(dateFolder(catalog.recordingsDir, date));
      if (stat !== null && seen.get(date) === stat.mtimeMs) continue;
    }
    const counts = await scanFolder(catalog, date, 'full');
    total.indexed += counts.indexed;
    total.gone += counts.gone;
  }
  if (mode === 'everything') await requeueStalled(catalog);
  return total;
}

/** How long a recording may wait for its analysis before a pass over everything queues it again. */
const STALLED_AFTER = '10 minutes';
/** At most this many a pass: a large backlog is worked through over the hourly passes, never in one burst. */
const STALLED_BATCH = 5000;

/**
 * Queues again the recordings still waiting for their analysis long after they were indexed: a server stopped between
 * indexing a file and queuing it (kill -9, a database gone at that moment) left them with no job. The queue keeps one
 * job per recording (its singleton key), so one still waiting is not doubled.
 */
async function requeueStalled(catalog: TCatalog): Promise<void> {
  const stalled = await catalog.db
    .selectFrom('recordings')
    .select('id')
    .where('analysisStatus', '=', 'pending')
    .where('source', '=', 'local')
    .where('goneAt', 'is', null)
    .where('indexedAt', '<', sql<Date>`now() - ${STALLED_AFTER}::interval`)
    .orderBy('id')
    .limit(STALLED_BATCH)
    .execute();
  if (stalled.length > 0) await catalog.enqueue(stalled.map((r) => r.id));
}
