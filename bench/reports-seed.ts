// The data of the reports benchmark (bench/reports.ts): one survey campaign of 12 questions (select, multi-select,
// number, text; some in Bengali; a logic jump), 200 agents on two shifts over 30 days (2026-11-01 … 2026-11-30, local
// time), and per 1M leads: 200k completed calls with answers, 50k other attempts (partial, not interested, wrong number,
// language, do not call; some before a complete), 100k in-house QC records of completes and a recording for nine in ten.
// Written in bulk into the real tables, the calls in the product's own shape (modules/crm/save.ts: the lead's update,
// its history row and its attempt in one statement), so whatever triggers keep summaries see what a save does.
// Growing from one size to the next adds leads and their calls, so each size holds the smaller's.
import type pg from 'pg';
import type { TQuestion } from '@crm/shared';
import { QC_GRADE, QC_MARK_COLUMNS, QC_MARKS, QC_TOTAL } from './qc-rows.ts';
import type { BenchServer } from './server.ts';
import { call, createSurvey } from './survey-setup.ts';

export const REPORTS_CAMPAIGN = { name: 'Bench Reports', code: 'BENCH-REPORTS' } as const;
export const REPORTS_TIME_ZONE = 'Asia/Dhaka';
export const FIRST_DAY = '2026-11-01';
export const DAYS = 30;
export const LAST_DAY = '2026-11-30';
export const AGENTS = 200;
/** Completes of an agent's day are 847 s apart (slot n / 6000): 34 slots fill a shift's 8 hours at 1M leads. */
const SLOT_SECONDS = 847;
export const CALL_TARGET = 40;
const COLUMNS = ['Outlet name', 'Outlet type'];
export const REGIONS = ['Dhaka', 'Chattogram', 'Khulna', 'Rajshahi', 'Sylhet', 'Barishal', 'Rangpur', 'Mymensingh'];

type Log = (line: string) => void;

/** The survey: 12 questions; Q1 "না" (no) jumps to Q8, so Q2–Q7 are skipped by it. */
const QUESTIONS: { title: string; type: string; options?: string }[] = [
  { title: 'আপনি কি ধূমপান করেন? (Do you smoke?)', type: 'Select Option', options: 'হ্যাঁ, না' },
  { title: 'Which brand do you smoke most?', type: 'Select Option', options: 'Brand A, Brand B, Brand C, Other' },
  {
    title: 'Which other brands have you tried?',
    type: 'Multi Select Option',
    options: 'Brand A, Brand B, Brand C, Brand D',
  },
  { title: 'How many sticks a day?', type: 'Number' },
  { title: 'For how many years have you smoked?', type: 'Number' },
  { title: 'How do you like the taste?', type: 'Select Option', options: 'Very much, Somewhat, Neutral, Not at all' },
  { title: 'What do you like about it?', type: 'Multi Select Option', options: 'Taste, Price, Pack, Availability' },
  { title: 'কোথা থেকে কেনেন? (Where do you buy?)', type: 'Select Option', options: 'মুদি দোকান, সুপারশপ, চায়ের দোকান' },
  { title: 'Your age group?', type: 'Select Option', options: '18-24, 25-34, 35-44, 45+' },
  { title: 'Monthly spend on tobacco (BDT)?', type: 'Number' },
  { title: 'Anything else you would like to tell us?', type: 'Textarea' },
  { title: 'May we call you again?', type: 'Select Option', options: 'Yes, No' },
];

export type ReportsSurvey = { adminToken: string; questions: TQuestion[] };

/** Campaign, data table, questions, the logic jump and two quotas through the API, as an admin sets them up. */
export async function createReportsSurvey(server: BenchServer): Promise<ReportsSurvey> {
  const c = REPORTS_CAMPAIGN;
  const { adminToken, questions } = await createSurvey(server, c, {
    questions: QUESTIONS,
    columns: COLUMNS,
    callTarget: CALL_TARGET,
  });
  // The seed writes answers by Q number from Q1's on: a new campaign's are consecutive.
  const base = qnoNumberOf(questions[0] ?? { qno: 'x' });
  if (questions.some((q, i) => qnoNumberOf(q) !== base + i))
    throw new Error(`the questions' numbers are not consecutive: ${questions.map((q) => q.qno).join(', ')}`);
  const [q1, , , , , , , q8] = questions;
  if (!q1 || !q8) throw new Error('the survey lacks Q1 or Q8');
  await call(server, 'POST', '/api/logic/setLogics', adminToken, [
    { questionId: q1.id, optionTitle: 'না', questionNoToShow: q8.id },
  ]);
  const q = encodeURIComponent(c.name);
  await call(server, 'POST', `/api/quotas?campaignName=${q}`, adminToken, {
    field: 'region',
    value: 'Dhaka',
    limit: 30_000,
  });
  const q9 = questions[8];
  if (!q9) throw new Error('the survey lacks Q9');
  await call(server, 'POST', `/api/quotas?campaignName=${q}`, adminToken, {
    questionNo: qnoNumberOf(q9),
    value: '25-34',
    limit: 60_000,
  });
  return { adminToken, questions };
}

/** 12 from "Q12". */
export function qnoNumberOf(q: Pick<TQuestion, 'qno'>): number {
  const n = Number(String(q.qno).replace(/^Q/i, ''));
  if (!Number.isInteger(n)) throw new Error(`question number ${q.qno} is not Q<n>`);
  return n;
}

/** The 200 agents (RP-001 …; 1–100 on the Morning shift, 101–200 on the Evening) and two sign-ins each day. */
export async function seedAgentsAndSessions(client: pg.Client, log: Log): Promise<void> {
  const started = performance.now();
  await client.query(
    `insert into users (username, name, role, password_hash)
     select 'RP-' || lpad(a::text, 3, '0'),
            (array['Rina Akter', 'Sabbir Hasan', 'নুসরাত জাহান', 'Tanvir Ahmed', 'ফারহানা ইসলাম'])[1 + a % 5] || ' ' || a,
            'agent', 'not-for-sign-in'
       from generate_series(1, $1::int) a`,
    [AGENTS],
  );
  await client.query(
    `insert into agents (user_id, type) select id, 'Physical' from users where username like 'RP-%' order by username`,
  );
  // Session 1 from 5 minutes before the shift to its 4 h mark (slots 0–16), session 2 from there to 8 h 5 min.
  await client.query(
    `insert into agent_sessions (user_id, agent_id, agent_name, shift, campaign_id, campaign_name, signed_in_at, expires_at, signed_out_at)
     select u.id, u.username, u.name, case when a <= 100 then 'Morning' else 'Evening' end, c.id, c.campaign_name,
            ((($2::date + d)::timestamp + shift_start) + part.starts) at time zone $3,
            ((($2::date + d)::timestamp + shift_start) + part.ends + interval '4 hours') at time zone $3,
            ((($2::date + d)::timestamp + shift_start) + part.ends) at time zone $3
       from generate_series(1, $1::int) a
       join users u on u.username = 'RP-' || lpad(a::text, 3, '0')
       cross join lateral (select case when a <= 100 then interval '8 hours' else interval '14 hours' end as shift_start) s
       cross join generate_series(0, $4::int - 1) d
       cross join (values (interval '-5 minutes', interval '14400 seconds'),
                          (interval '14400 seconds', interval '8 hours 5 minutes')) as part(starts, ends)
       cross join campaigns c
      where c.campaign_name = $5
      order by d, a, part.starts`,
    [AGENTS, FIRST_DAY, REPORTS_TIME_ZONE, DAYS, REPORTS_CAMPAIGN.name],
  );
  log(
    `${AGENTS} agents and ${(AGENTS * DAYS * 2).toLocaleString('en-US')} sign-ins (two shifts) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Adds leads `from + 1` … `to` (did R<g>), 40 % generated (g % 5 of 0 or 1: the ones called), uncalled. */
export async function seedLeads(client: pg.Client, from: number, to: number, log: Log): Promise<void> {
  const started = performance.now();
  const CHUNK = 100_000;
  for (let lo = from + 1; lo <= to; lo += CHUNK) {
    const hi = Math.min(to, lo + CHUNK - 1);
    await client.query(
      `insert into leads (campaign_id, did, data_status, br_id, region, territory, area, respondent_name, cell_number, data_date,
                          brand, target_selector, for_d, generate_status, is_called, fields, answers, created_at)
       select c.id, 'R' || g, 'valid', 'BR' || (g % 6), ($4::text[])[1 + g % 8],
              'Territory ' || (g % 120), 'Area ' || (g % 400),
              (array['Rahim Uddin', 'করিম মিয়া', 'Fatema Begum', 'সালমা খাতুন', 'Jamal Hossain'])[1 + g % 5] || ' ' || g,
              '+88018' || lpad(g::text, 8, '0'), $5::date - 1 - (g % 10)::int,
              (array['Brand A', 'Brand B', 'Brand C'])[1 + g % 3], (array['Smoker', 'Non-smoker', 'Trial', 'Loyal'])[1 + g % 4],
              case when g % 5 < 2 then 'd' else '' end, case when g % 5 < 2 then 1 else 0 end, 0,
              jsonb_build_object($6::text, 'Store ' || (g % 5000), $7::text,
                                 (array['Grocery', 'Pharmacy', 'Tea stall', 'Supershop'])[1 + (g / 7) % 4]),
              '{}'::jsonb, ($5::date - 1 - (g % 10)::int) + time '09:00'
         from campaigns c cross join generate_series($2::bigint, $3::bigint) g
        where c.campaign_name = $1`,
      [REPORTS_CAMPAIGN.name, lo, hi, REGIONS, FIRST_DAY, COLUMNS[0], COLUMNS[1]],
    );
  }
  const s = (performance.now() - started) / 1000;
  log(
    `leads ${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')} in ${s.toFixed(0)} s (${Math.round((to - from) / s).toLocaleString('en-US')} rows/s)`,
  );
}

/**
 * The answers of a completed call seeded by `s` (a lead number), as jsonb keyed Q<qno>: Q1 yes four in five (no jumps
 * to Q8), the choices and numbers spread by hashint4, Q11 (text) answered one call in three, some in Bengali.
 */
function answersSql(questions: readonly TQuestion[], s: string, smokes = false): string {
  const key = (i: number) => `'Q${qnoNumberOf(questions[i] ?? { qno: 'x' })}'`;
  const h = (k: number, m: number) => `(abs(hashint4(${s} * 31 + ${k})) % ${m})`;
  const smoker = smokes ? 'true' : `${h(1, 5)} <> 0`;
  const ifSmoker = (v: string) => `case when ${smoker} then ${v} end`;
  return `jsonb_strip_nulls(jsonb_build_object(
    ${key(0)}, case when ${smoker} then 'হ্যাঁ' else 'না' end,
    ${key(1)}, ${ifSmoker(`(array['Brand A', 'Brand A', 'Brand B', 'Brand C', 'Other'])[1 + ${h(2, 5)}]`)},
    ${key(2)}, ${ifSmoker(`(array['Brand A', 'Brand A, Brand B', 'Brand C', 'Brand B, Brand D', 'Brand A, Brand C, Brand D', 'Brand D'])[1 + ${h(3, 6)}]`)},
    ${key(3)}, ${ifSmoker(`(1 + ${h(4, 30)})::text`)},
    ${key(4)}, ${ifSmoker(`(1 + ${h(5, 25)})::text`)},
    ${key(5)}, ${ifSmoker(`(array['Very much', 'Very much', 'Somewhat', 'Neutral', 'Not at all'])[1 + ${h(6, 5)}]`)},
    ${key(6)}, ${ifSmoker(`(array['Taste', 'Taste, Price', 'Pack', 'Price, Availability', 'Taste, Pack, Availability'])[1 + ${h(7, 5)}]`)},
    ${key(7)}, (array['মুদি দোকান', 'মুদি দোকান', 'সুপারশপ', 'চায়ের দোকান'])[1 + ${h(8, 4)}],
    ${key(8)}, (array['18-24', '25-34', '25-34', '35-44', '45+'])[1 + ${h(9, 5)}],
    ${key(9)}, (${h(10, 50)} * 100)::text,
    ${key(10)}, case when ${h(11, 3)} = 0 then (array['দাম একটু বেশি', 'Good quality', 'প্যাকেট সুন্দর', 'Price went up last month',
                                                  'দোকানে সবসময় পাওয়া যায় না', 'Nothing else'])[1 + ${h(12, 6)}] || ' ' || (${s} % 97) end,
    ${key(11)}, case when ${h(13, 4)} = 0 then 'No' else 'Yes' end))`;
}

/** The local start of agent `a`'s shift on day `d` as timestamptz (SQL, over columns a and d). */
const shiftStart = (a: string, d: string) =>
  `(($2::date + ${d})::timestamp + case when ${a} <= 100 then interval '8 hours' else interval '14 hours' end)`;

/**
 * One statement as a save is: the leads updated (answers, version, is_called, called_by, called_at), a history row and
 * an attempt each. `calls` is SQL selecting id, user_id, agent_id, session_id, started_at (timestamp, local),
 * handle, answers, completed, code, name, kind, status.
 */
function saveStatement(calls: string): string {
  return `with src as (${calls}),
    timed as (select src.*, (started_local at time zone $3) as started_at,
                     ((started_local + handle * interval '1 second') at time zone $3) as ended_at from src),
    saved as (
      update leads l set answers = timed.answers, version = l.version + 1, is_called = timed.completed::int,
             called_by = timed.user_id, called_at = timed.ended_at
        from timed where l.id = timed.id
      returning l.id, l.version, l.answers, l.is_called),
    history as (
      insert into lead_answer_history (lead_id, version, user_id, agent_id, saved_at, answers, is_called)
      select s.id, s.version, t.user_id, t.agent_id, t.ended_at, s.answers, s.is_called
        from saved s join timed t on t.id = s.id order by t.ended_at
      returning 1),
    attempt as (
      insert into call_attempts (lead_id, campaign_id, user_id, agent_id, session_id, started_at, ended_at, handle_seconds,
                                 disposition_code, disposition_name, disposition_kind, vicidial_status, completed)
      select s.id, $1::int, t.user_id, t.agent_id, t.session_id, t.started_at, t.ended_at, t.handle,
             t.code, t.name, t.kind, t.status, t.completed
        from saved s join timed t on t.id = s.id order by t.ended_at
      returning 1)
    select (select count(*) from saved)::int as saved, (select count(*) from history)::int as history,
           (select count(*) from attempt)::int as attempts`;
}

/** The session of agent `a` on day `d` holding second `sec` of the shift (its first part until 14,400 s). */
const sessionOf = (a: string, d: string, sec: string) =>
  `(select s.id from agent_sessions s where s.user_id = u.id
      and s.signed_in_at = ((${shiftStart(a, d)} + case when ${sec} < 14400 then interval '-5 minutes' else interval '14400 seconds' end) at time zone $3))`;

/** The leads of lead numbers $4 … $5 of the campaign, with their number g. */
const LEADS_OF_RANGE = `select l.id, substr(l.did, 2)::int as g from leads l
   where l.campaign_id = $1 and l.for_d = 'd' and l.did like 'R%' and substr(l.did, 2)::int between $4 and $5`;

/**
 * The calls of leads `from + 1` … `to`: a complete for every g % 5 = 0 (call n = g / 5: agent n % 200, day
 * (n / 200) % 30, slot n / 6000 of the shift; the 1st in 20 after a language-barrier or partial attempt the day
 * before), and one attempt not completed for every g % 25 = 1 (four in ten partial: answers up to a question and
 * "Partial Call" at the next). Handle times 120–600 s, one complete in 50 under 60 s; one in 200 repeating the
 * answers of the agent's previous complete.
 */
export async function seedCalls(
  client: pg.Client,
  campaignId: number,
  questions: readonly TQuestion[],
  from: number,
  to: number,
  log: Log,
): Promise<void> {
  const started = performance.now();
  const params = [campaignId, FIRST_DAY, REPORTS_TIME_ZONE, from + 1, to];
  const agent = `join users u on u.username = 'RP-' || lpad(c.a::text, 3, '0')`;
  // Before a complete: the day before (when there is one), a retry or a partial call, by the same agent.
  const before = await client.query<{ saved: number; attempts: number }>(
    saveStatement(`
      select c.id, u.id as user_id, u.username as agent_id, ${sessionOf('c.a', 'c.d', 'c.sec')} as session_id,
             ${shiftStart('c.a', 'c.d')} + c.sec * interval '1 second' as started_local, 30 + c.n % 90 as handle,
             case when c.n % 40 = 0 then jsonb_build_object('Q${qnoNumberOf(questions[0] ?? { qno: 'x' })}', 'হ্যাঁ', 'Q${qnoNumberOf(questions[1] ?? { qno: 'x' })}', 'Partial Call')
                  else '{}'::jsonb end as answers,
             false as completed,
             case when c.n % 40 = 0 then 'CALLBACK' else 'LANG' end as code,
             case when c.n % 40 = 0 then 'Partial / call back' else 'Language barrier' end as name,
             case when c.n % 40 = 0 then 'callback' else 'retry' end as kind,
             case when c.n % 40 = 0 then 'CALLBK' else 'LB' end as status
        from (select r.id, r.g / 5 as n, (r.g / 5) % ${AGENTS} as a0, ((r.g / 5) / ${AGENTS}) % ${DAYS} - 1 as d,
                     ((r.g / 5) / ${AGENTS * DAYS}) * ${SLOT_SECONDS} + 730 as sec
                from (${LEADS_OF_RANGE}) r where r.g % 5 = 0 and (r.g / 5) % 20 = 0) c0
        cross join lateral (select c0.*, c0.a0 + 1 as a) c
        ${agent}
       where c.d >= 0`),
    params,
  );
  const completes = await client.query<{ saved: number; history: number; attempts: number }>(
    saveStatement(`
      select c.id, u.id as user_id, u.username as agent_id, ${sessionOf('c.a', 'c.d', 'c.sec')} as session_id,
             ${shiftStart('c.a', 'c.d')} + c.sec * interval '1 second' as started_local,
             case when abs(hashint4(c.n)) % 50 = 1 then 20 + c.n % 40 else 120 + abs(hashint4(c.n + 7)) % 481 end as handle,
             ${answersSql(questions, 'c.s')} as answers,
             true as completed, 'COMPLETE' as code, 'Completed' as name, 'completed' as kind, 'SALE' as status
        from (select r.id, r.g / 5 as n, (r.g / 5) % ${AGENTS} as a0, ((r.g / 5) / ${AGENTS}) % ${DAYS} as d,
                     ((r.g / 5) / ${AGENTS * DAYS}) * ${SLOT_SECONDS} + 1 + abs(hashint4(r.g)) % 120 as sec,
                     case when r.g / 5 >= ${AGENTS * DAYS} and abs(hashint4(r.g / 5)) % 200 = 0
                          then r.g - ${5 * AGENTS * DAYS} else r.g end as s
                from (${LEADS_OF_RANGE}) r where r.g % 5 = 0) c0
        cross join lateral (select c0.*, c0.a0 + 1 as a) c
        ${agent}`),
    params,
  );
  const q = (i: number) => `'Q${qnoNumberOf(questions[i] ?? { qno: 'x' })}'`;
  const base = qnoNumberOf(questions[0] ?? { qno: 'x' });
  const others = await client.query<{ saved: number; attempts: number }>(
    saveStatement(`
      select c.id, u.id as user_id, u.username as agent_id, ${sessionOf('c.a', 'c.d', 'c.sec')} as session_id,
             ${shiftStart('c.a', 'c.d')} + c.sec * interval '1 second' as started_local, 15 + c.m % 95 as handle,
             case when c.m % 10 < 4 then
                    (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${answersSql(questions, 'c.g', true)})
                      where substr(key, 2)::int < ${base} + c.m % 6)
                    || jsonb_build_object('Q' || (${base} + c.m % 6), 'Partial Call')
                  when c.m % 10 < 6 then jsonb_build_object(${q(0)}, 'হ্যাঁ')
                  else '{}'::jsonb end as answers,
             false as completed,
             (array['CALLBACK', 'CALLBACK', 'CALLBACK', 'CALLBACK', 'NI', 'NI', 'WRONG', 'LANG', 'LANG', 'DNC'])[1 + c.m % 10] as code,
             (array['Partial / call back', 'Partial / call back', 'Partial / call back', 'Partial / call back', 'Not interested',
                    'Not interested', 'Wrong number', 'Language barrier', 'Language barrier', 'Do not call'])[1 + c.m % 10] as name,
             (array['callback', 'callback', 'callback', 'callback', 'final', 'final', 'final', 'retry', 'retry', 'dnc'])[1 + c.m % 10] as kind,
             (array['CALLBK', 'CALLBK', 'CALLBK', 'CALLBK', 'NI', 'NI', 'WN', 'LB', 'LB', 'DNC'])[1 + c.m % 10] as status
        from (select r.id, r.g, (r.g - 1) / 25 as m, ((r.g - 1) / 25 * 7) % ${AGENTS} as a0,
                     (((r.g - 1) / 25) / ${AGENTS}) % ${DAYS} as d,
                     (((r.g - 1) / 25) / ${AGENTS * DAYS}) * ${SLOT_SECONDS} + 730 as sec
                from (${LEADS_OF_RANGE}) r where r.g % 25 = 1) c0
        cross join lateral (select c0.*, c0.a0 + 1 as a) c
        ${agent}`),
    params,
  );
  const [b, k, o] = [before.rows[0], completes.rows[0], others.rows[0]];
  if (!b || !k || !o || k.history !== k.saved || k.attempts !== k.saved)
    throw new Error(`the calls' statements wrote unevenly: ${JSON.stringify({ b, k, o })}`);
  log(
    `calls of leads ${(from + 1).toLocaleString('en-US')} → ${to.toLocaleString('en-US')}: ${k.saved.toLocaleString('en-US')} completes, ` +
      `${o.saved.toLocaleString('en-US')} not completed, ${b.saved.toLocaleString('en-US')} attempts before a complete ` +
      `(each a lead update, a history row and an attempt) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * In-house QC records of every other complete of leads `from + 1` … `to` (call n even), scored on "Standard" with
 * bench/qc-rows.ts's marks (one in 50 fatal); and a recording of nine completes in ten (none for n % 10 = 3), each
 * day's folder scanned after the day.
 */
export async function seedQcAndRecordings(
  client: pg.Client,
  campaignId: number,
  from: number,
  to: number,
  log: Log,
): Promise<void> {
  const started = performance.now();
  // The completes of the range once (the QC records and recordings both read them).
  await client.query('drop table if exists bench_completes');
  await client.query(
    `create temp table bench_completes as
     select a.id as attempt_id, a.user_id, a.agent_id, a.ended_at, a.handle_seconds, l.cell_number,
            (a.ended_at at time zone $2)::date as call_date, substr(l.did, 2)::int / 5 as g
       from call_attempts a join leads l on l.id = a.lead_id
      where a.campaign_id = $1 and a.completed and l.did like 'R%' and substr(l.did, 2)::int between $3 and $4`,
    [campaignId, REPORTS_TIME_ZONE, from + 1, to],
  );
  const calls = 'select * from bench_completes';
  const qc = await client.query(
    `insert into qc_records (kind, call_date, agent_user_id, agent_id, agent_name, campaign_id, campaign_name, consumer_number,
       duration, qc_inspector_id, qc_inspector, marks, fatal_reason, eas_voice_matched_with_report, suggestion, total,
       agent_grade, created_at, updated_at)
     select 'in-house', call_date, user_id, agent_id, agent_name, $1, $2, cell_number, handle_seconds,
            (select id from users where username = 'admin'), 'admin', marks, fatal_reason, eas, suggestion, total, ${QC_GRADE},
            ended_at + interval '1 day', ended_at + interval '1 day'
       from (
         select s.*, ${QC_TOTAL}, ${QC_MARKS}
           from (
             select c.*, u.name as agent_name, ${QC_MARK_COLUMNS},
                    (array['Keep it up', 'Read every option before the answer', 'Confirm the number before closing', ''])[1 + g % 4] as suggestion
               from (${calls}) c join users u on u.id = c.user_id
              where c.g % 2 = 0
           ) s
       ) r
      order by ended_at`,
    [campaignId, REPORTS_CAMPAIGN.name],
  );
  const recordings = await client.query(
    `insert into recordings (call_date, file_name, phone_number, phone_key, agent_id, call_time, duration_sec, analysis_status,
                             campaign_id, agent_user_id, attributed_at)
     select call_date, to_char(ended_at at time zone $2, 'YYYYMMDD-HH24MISS') || '_' || substr(cell_number, 4) || '_' || agent_id || '-all.wav',
            substr(cell_number, 4), cell_number, agent_id, to_char(ended_at at time zone $2, 'YYYY-MM-DD HH24:MI:SS'),
            handle_seconds, 'done', $1, user_id, now()
       from (${calls}) c
      where c.g % 10 <> 3
      order by ended_at`,
    [campaignId, REPORTS_TIME_ZONE],
  );
  await client.query('drop table bench_completes');
  log(
    `${(qc.rowCount ?? 0).toLocaleString('en-US')} QC records and ${(recordings.rowCount ?? 0).toLocaleString('en-US')} recordings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Each day's recordings folder scanned two hours after the day (the suspicious list's "indexed"). */
export async function seedRecordingFolders(client: pg.Client): Promise<void> {
  await client.query(
    `insert into recording_folders (call_date, folder_mtime_ms, scanned_at)
     select $1::date + d, 0, (($1::date + d + 1)::timestamp + time '02:00') at time zone $3
       from generate_series(0, $2::int - 1) d
     on conflict do nothing`,
    [FIRST_DAY, DAYS, REPORTS_TIME_ZONE],
  );
}

/** The quotas' counts as the saves would have raised them: completes in each, never past the limit. */
export async function countQuotas(client: pg.Client, campaignId: number): Promise<void> {
  await client.query(
    `update quotas q set count = least(q."limit", (
       select count(*) from leads l
        where l.campaign_id = q.campaign_id and l.is_called = 1
          and case when q.field is not null then l.region = q.value
                   else l.answers ->> ('Q' || (select qno from questions where id = q.question_id)) = q.value end))
      where q.campaign_id = $1`,
    [campaignId],
  );
}
