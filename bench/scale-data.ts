// The data of the scale benchmark (bench/scale.ts), written straight into PostgreSQL in large INSERT … SELECT
// statements, shaped as the product writes it: one campaign's leads over 20 data dates (one statement per date, as
// an upload of that date's file would add them, so a date's leads are stored together), 6 branches (br_id), 4 target
// selectors, 40 % generated (some by a regenerate), 10 % called and answered; QC records at 250 scored calls a day,
// most with a linked recording. Growing from one size to the next adds rows, so each size holds the smaller's.
import { parseOptions, type TQuestion } from '@crm/shared';
import type pg from 'pg';
import { QC_AGENT_COLUMNS, QC_GRADE, QC_MARK_COLUMNS, QC_MARKS, QC_TOTAL } from './qc-rows.ts';

/** 20 consecutive upload days. */
export const DATA_DATES = Array.from({ length: 20 }, (_, i) =>
  new Date(Date.UTC(2024, 4, 1 + i)).toISOString().slice(0, 10),
);
const SELECTORS = ['Smoker', 'Non-smoker', 'Trial', 'Loyal'];
const BRANCHES = 6;
/** The newest day of QC records; older days are added as the records grow. */
const LAST_QC_DAY = '2024-06-30';
const QC_PER_DAY = 250;

/** Lead g's number: the lookups and saves ask for it. */
export const cellOf = (g: number) => `+88017${String(g).padStart(8, '0')}`;

/** g % 10 of 0–3 is generated (3 by a regenerate batch), 0 of those also called: 40 % and 10 %. */
export function generatedLead(leads: number): { g: number; cell: string } {
  const tens = Math.max(1, Math.floor(leads / 10));
  let g = 10 * Math.floor(Math.random() * tens) + Math.floor(Math.random() * 4);
  if (g === 0) g = 10;
  return { g, cell: cellOf(g) };
}

/** QC records at a size of leads: 10k at 100k leads, 200k at 5M, in proportion between (at least 1,000). */
export function qcRecordsFor(leads: number): number {
  return Math.max(1000, Math.round(10_000 + ((leads - 100_000) * 190_000) / 4_900_000));
}

/** A valid answer to every question: what a complete call leaves on a called lead. */
function calledAnswers(questions: readonly TQuestion[]): Record<string, string> {
  return Object.fromEntries(
    questions.map((q) => {
      const options = parseOptions(q.options);
      switch (q.type) {
        case 'Select Option':
        case 'Multi Select Option':
          return [q.qno, options[0] ?? ''];
        case 'Number':
          return [q.qno, '12'];
        case 'Email':
          return [q.qno, 'respondent@example.com'];
        default:
          return [q.qno, 'At the corner shop'];
      }
    }),
  );
}

type Log = (line: string) => void;

/** Adds leads `from + 1` … `to` of the campaign, a twentieth per data date. */
export async function buildLeads(
  client: pg.Client,
  campaign: string,
  from: number,
  to: number,
  questions: readonly TQuestion[],
  log: Log,
): Promise<void> {
  const { rows } = await client.query<{ id: number; columns: string[]; admin: number }>(
    `select c.id, d.columns, (select id from users where username = 'admin') as admin
       from campaigns c join data_tables d on d.campaign_id = c.id where c.campaign_name = $1`,
    [campaign],
  );
  const found = rows[0];
  if (!found) throw new Error(`campaign ${campaign} or its data table not found`);
  const [nameColumn = 'Outlet name', codeColumn = 'Outlet code'] = found.columns;
  const started = performance.now();
  const perDate = Math.floor((to - from) / DATA_DATES.length);
  let next = from + 1;
  for (const [i, date] of DATA_DATES.entries()) {
    const last = i === DATA_DATES.length - 1 ? to : next + perDate - 1;
    await client.query(
      `insert into leads (campaign_id, did, data_status, br_id, region, territory, area, respondent_name, cell_number, data_date,
                          brand, target_selector, for_d, generate_status, is_called, called_by, called_at, version, fields, answers, created_at)
       select $1, 'D' || g, case when g % 10 < 8 then 'valid' else 'invalid' end, 'BR' || (g % $2),
              (array['Dhaka','Chattogram','Khulna','Rajshahi','Sylhet','Barishal','Rangpur','Mymensingh'])[1 + g % 8],
              'Territory ' || (g % 120), 'Area ' || (g % 400), 'Respondent ' || g, '+88017' || lpad(g::text, 8, '0'), $3::date,
              (array['Brand A','Brand B','Brand C'])[1 + g % 3], ($4::text[])[1 + (g / $2) % cardinality($4::text[])],
              case when g % 10 < 4 then 'd' else '' end,
              case when g % 10 < 3 then 1 when g % 10 = 3 then 2 else 0 end,
              (g % 10 = 0)::int,
              case when g % 10 = 0 then $5::int end,
              case when g % 10 = 0 then $3::date + time '10:00' + (g % 28000) * interval '1 second' end,
              (g % 10 = 0)::int,
              jsonb_build_object($6::text, 'Store ' || (g % 5000), $7::text, 'OC-' || lpad((g % 5000)::text, 5, '0')),
              case when g % 10 = 0 then $8::jsonb else '{}'::jsonb end,
              $3::date - 1 + time '09:00'
         from generate_series($9::bigint, $10::bigint) as g`,
      [
        found.id,
        BRANCHES,
        date,
        SELECTORS,
        found.admin,
        nameColumn,
        codeColumn,
        JSON.stringify(calledAnswers(questions)),
        next,
        last,
      ],
    );
    next = last + 1;
  }
  const s = (performance.now() - started) / 1000;
  log(
    `leads ${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')} inserted in ${s.toFixed(0)} s (${Math.round((to - from) / s).toLocaleString('en-US')} rows/s)`,
  );
}

/** Adds QC records `from + 1` … `to`: 250 a day going back from LAST_QC_DAY, nine in ten with a linked recording. */
export async function buildQcRecords(
  client: pg.Client,
  campaign: string,
  from: number,
  to: number,
  log: Log,
): Promise<void> {
  if (to <= from) return;
  const started = performance.now();
  const before = await client.query<{ max: number | null }>('select max(id) as max from qc_records');
  await client.query(
    `insert into qc_records (kind, call_date, agent_id, agent_name, campaign_id, campaign_name, consumer_number, duration, qc_inspector_id, qc_inspector,
       marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade, created_at, updated_at)
     select 'in-house', call_date, agent_id, agent_name, (select id from campaigns where campaign_name = $1), $1, consumer_number, duration,
       (select id from users where username = 'admin'), 'admin',
       marks, fatal_reason, eas, suggestion, total,
       ${QC_GRADE},
       call_date + time '18:00', call_date + time '18:00'
     from (
       select s.*, ${QC_TOTAL}, ${QC_MARKS}
       from (
         select $2::date - ((g - 1) / $3)::int as call_date,
                ${QC_AGENT_COLUMNS},
                '+88017' || lpad((g * 10)::text, 8, '0') as consumer_number, 20 + g % 600 as duration,
                ${QC_MARK_COLUMNS},
                (array['Keep it up', 'Greet the respondent by name before the first question', 'Slow down while reading the options',
                       'Confirm the number before closing the call', ''])[1 + g % 5] as suggestion
         from generate_series($4::int, $5::int) g
       ) s
     ) r`,
    [campaign, LAST_QC_DAY, QC_PER_DAY, from + 1, to],
  );
  await client.query(
    `insert into qc_record_files (qc_record_id, file_name)
     select id, to_char(call_date, 'YYYY-MM-DD') || '/' || agent_id || '_' || substr(consumer_number, 2) || '_' || id || '.wav'
       from qc_records where id > $1 and id % 10 <> 0`,
    [before.rows[0]?.max ?? 0],
  );
  log(
    `QC records ${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')} (with their recordings) inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** As tables that have lived a while are: hint bits set, visibility known, statistics current, nothing left to write back. */
export async function settle(client: pg.Client, log: Log): Promise<void> {
  const started = performance.now();
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  log(`vacuum analyze and checkpoint in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
