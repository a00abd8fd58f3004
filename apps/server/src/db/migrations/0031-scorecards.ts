// Scorecards an admin builds (issue 36, docs/scorecards.md): versions of scorecards, each campaign's choice for in-house
// and client QC, and every QC record's marks moved into one jsonb column with the version they were scored on. The
// spec's 14 criteria become version 1 of the built-in "Standard"; their 14 columns stay, read-only, generated from the
// marks of records on it (null on any other version), so every reader of the spec's shapes keeps working unchanged.
import { sql, type Kysely } from 'kysely';
import { STANDARD_SCORECARD } from '@crm/shared';

/** The spec's scales, frozen here as they were when this migration shipped: label of each mark, criterion by criterion. */
const YES_0_NO_5 = { Yes: 0, No: -5 };
const TEN_FIVE_ZERO = { Yes: 10, 'Need Improvement': 5, No: 0 };
const SCALES: Record<string, Record<string, number>> = {
  greetings: YES_0_NO_5,
  liveliness: TEN_FIVE_ZERO,
  pronunciation: TEN_FIVE_ZERO,
  mumbling: TEN_FIVE_ZERO,
  pace: TEN_FIVE_ZERO,
  pitch: TEN_FIVE_ZERO,
  courtesy: TEN_FIVE_ZERO,
  holdProcess: YES_0_NO_5,
  takingPermission: TEN_FIVE_ZERO,
  acknowledgementAndFollowUp: TEN_FIVE_ZERO,
  poorObjectionAndNegotiationSkill: { Yes: 0, 'Need Improvement': -10, No: -20 },
  crm: { Yes: 20, 'Need Improvement': 10, No: 0 },
  closing: YES_0_NO_5,
  fatal: { Yes: -100, No: 0 },
};
const column = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table scorecards (
    id serial primary key,
    -- The scorecard a version belongs to: the id of its first version.
    scorecard_id integer not null references scorecards (id),
    version integer not null,
    name text not null,
    state text not null check (state in ('draft', 'published', 'retired')),
    -- The version's content, as ZScorecardDefinition of @crm/shared checks it; never changed once published.
    definition jsonb not null,
    built_in boolean not null default false,
    created_by_id integer references users (id) on delete restrict,
    created_by text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    published_at timestamptz,
    retired_at timestamptz,
    unique (scorecard_id, version)
  )`.execute(db);
  // One draft at a time per scorecard: a second "edit" opens the draft there is.
  await sql`create unique index scorecards_one_draft on scorecards (scorecard_id) where state = 'draft'`.execute(db);
  await sql`insert into scorecards (id, scorecard_id, version, name, state, definition, built_in, created_by, published_at)
            values (1, 1, 1, 'Standard', 'published', ${JSON.stringify(STANDARD_SCORECARD)}::jsonb, true, 'system', now())`.execute(
    db,
  );
  await sql`select setval('scorecards_id_seq', 1)`.execute(db);

  // A campaign without a row here uses "Standard" for both kinds.
  await sql`create table campaign_scorecards (
    campaign_id integer primary key references campaigns (id) on delete cascade,
    in_house_id integer not null references scorecards (id),
    client_id integer not null references scorecards (id),
    updated_by text not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index campaign_scorecards_in_house_idx on campaign_scorecards (in_house_id)`.execute(db);
  await sql`create index campaign_scorecards_client_idx on campaign_scorecards (client_id)`.execute(db);

  // Every record's marks by criterion key: {choice, marks (null: N/A), comment}.
  await sql`alter table qc_records
    add column scorecard_id integer not null default 1 references scorecards (id),
    add column marks jsonb`.execute(db);
  const entries = Object.entries(SCALES).map(([key, scale]) => {
    const label = sql.join(
      Object.entries(scale).map(([l, m]) => sql`when ${sql.lit(m)} then ${sql.lit(l)}`),
      sql` `,
    );
    return sql`${sql.lit(key)}, jsonb_build_object('choice', case ${sql.ref(column(key))} ${label} end, 'marks', ${sql.ref(column(key))}, 'comment', '')`;
  });
  await sql`update qc_records set marks = jsonb_build_object(${sql.join(entries)})`.execute(db);
  await sql`alter table qc_records alter column marks set not null`.execute(db);
  await sql`create index qc_records_scorecard_idx on qc_records (scorecard_id)`.execute(db);
  // Totals of other scorecards are shares with two decimals; the spec's stay whole numbers.
  await sql`alter table qc_records alter column total type double precision`.execute(db);
  const generated = Object.keys(SCALES).map(
    (key) =>
      sql`drop column ${sql.ref(column(key))}, add column ${sql.ref(column(key))} integer generated always as
          (case when scorecard_id = 1 then (marks -> ${sql.lit(key)} ->> 'marks')::integer end) stored`,
  );
  await sql`alter table qc_records ${sql.join(generated)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const plain = Object.keys(SCALES).map(
    (key) => sql`drop column ${sql.ref(column(key))}, add column ${sql.ref(column(key))} integer`,
  );
  await sql`delete from qc_records where scorecard_id <> 1`.execute(db);
  await sql`alter table qc_records ${sql.join(plain)}`.execute(db);
  const sets = Object.keys(SCALES).map(
    (key) => sql`${sql.ref(column(key))} = (marks -> ${sql.lit(key)} ->> 'marks')::integer`,
  );
  await sql`update qc_records set ${sql.join(sets)}`.execute(db);
  for (const key of Object.keys(SCALES))
    await sql`alter table qc_records alter column ${sql.ref(column(key))} set not null`.execute(db);
  await sql`alter table qc_records alter column total type integer using round(total)::integer`.execute(db);
  await sql`alter table qc_records drop column marks, drop column scorecard_id`.execute(db);
  await sql`drop table campaign_scorecards`.execute(db);
  await sql`drop table scorecards`.execute(db);
}
