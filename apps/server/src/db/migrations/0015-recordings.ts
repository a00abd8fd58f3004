// The recordings index (docs/architecture.md, Automatic checks): one row per recording file under RECORDINGS_DIR (or
// met in a search of the external voice log), kept by the scanner, and the automatic checks of each. Search and the
// QC screens read it instead of the folders; the checks' figures that results are filtered and sorted by are columns,
// the rest (spans, waveform peaks) stays in the analysis document.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recordings (
    id bigint generated always as identity primary key,
    call_date date not null,
    file_name text not null,
    source text not null default 'local' check (source in ('local', 'remote')),
    phone_number text not null,
    phone_key text not null,
    agent_id text not null default '',
    call_time text,
    duration_sec integer,
    size_bytes bigint not null default 0,
    modified_at timestamptz,
    indexed_at timestamptz not null default now(),
    gone_at timestamptz,
    analysis_status text not null default 'pending' check (analysis_status in ('pending', 'done', 'unreadable')),
    analysis_reason text,
    analysis jsonb,
    analysed_at timestamptz,
    hold_seconds real,
    longest_silence_sec real,
    dead_air_sec real,
    hold_count integer,
    talk_ratio real,
    overtalk_count integer,
    unique (call_date, file_name)
  )`.execute(db);
  // A search: one date, one number, recordings still there.
  await sql`create index recordings_search_idx on recordings (call_date, phone_key) where gone_at is null`.execute(db);
  // What the scanner knows of each date folder: it re-reads a folder whose modification time moved.
  await sql`create table recording_folders (
    call_date date primary key,
    folder_mtime_ms double precision not null,
    scanned_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table recording_folders`.execute(db);
  await sql`drop table recordings`.execute(db);
}
