// Helpers of the QC report tests: two inspectors, agents, records scored through the API to a chosen total,
// and xlsx downloads read back with exceljs.
import { expect } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { bestScores, toClientMarks, type TQcCriterionKey, type TQcRecord } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import {
  caller,
  createCampaign,
  createUser,
  sessionTokenFor,
  type Caller,
  type TestContext,
  type TestUser,
} from './harness.ts';
import { standardValues } from '../modules/qc/scoring.ts';

export type ReportWorld = {
  campaign: string;
  admin: Caller;
  qcA: Caller;
  qcB: Caller;
  inspectorA: TestUser;
  inspectorB: TestUser;
  agent: Caller;
  /** Session tokens, for the file downloads (read as bytes, not through a Caller). */
  tokens: { admin: string; qcA: string; qcB: string; agent: string };
};

/** A session token of `user`, as the harness mints them. */
export async function sessionToken(t: TestContext, user: TestUser): Promise<string> {
  return sessionTokenFor(t.app, user);
}

export async function createAgentUser(t: TestContext, name: string): Promise<TestUser> {
  const user = await createUser(t.db, { role: 'agent', name });
  await t.db.insertInto('agents').values({ userId: user.id, type: 'Physical' }).execute();
  return user;
}

export async function reportWorld(t: TestContext): Promise<ReportWorld> {
  const c = await createCampaign(t.db);
  const inspectorA = await createUser(t.db, { role: 'qc', name: 'Inspector A' });
  const inspectorB = await createUser(t.db, { role: 'qc', name: 'Inspector B' });
  const admin = await createUser(t.db, { role: 'admin' });
  const agent = await createUser(t.db, { role: 'agent' });
  const tokens = {
    admin: await sessionToken(t, admin),
    qcA: await sessionToken(t, inspectorA),
    qcB: await sessionToken(t, inspectorB),
    agent: await sessionToken(t, agent),
  };
  return {
    campaign: c.campaignName,
    admin: caller(t.app, tokens.admin),
    qcA: caller(t.app, tokens.qcA),
    qcB: caller(t.app, tokens.qcB),
    inspectorA,
    inspectorB,
    agent: caller(t.app, tokens.agent),
    tokens,
  };
}

/** The in-house records file's 26 headings: the older system's file, word for word (docs/product.md §9). */
export const IN_HOUSE_HEADER = [
  'Call Date',
  'Agent Name',
  'Id',
  'Campaign Name',
  'Consumer Number',
  'Duration',
  'Greetings ( শুভেচ্ছা ) [Yes(0)/No(-5)]',
  'Liveliness(10) [Yes(10)/Need Improvement(5)/ No(0)]',
  'Pronunciation(10) [Yes(10)/Need Improvement(5)/ No(0)]',
  'Mumbling(10) [Yes(10)/Need Improvement(5)/ No(0)]',
  'Pace(10) [Yes(10)/Need Improvement(5)/ No(0)]',
  'Pitch(10) [Yes(10)/Need Improvement(5)/ No(0)]',
  'Courtesy(10) [Yes(10)/Need Improvement(5)/ No(0)]',
  'Hold Process(0) [Yes(0)/No(-5)]',
  'Taking Permission (10) [Yes(10)/ No(0)]',
  'Acknowledgement and follow-up(10) [Yes(10)/ No(0)]',
  'Poor objection & Negotiation skill(-20) [Yes(0.00)/Need Improvement(-10)/ No(-20.00)]',
  'CRM(20) [Yes(20)/Need Improvement(10)/No(0)]',
  'Closing [Yes(0)/ No(-5)]',
  'Fatal [Yes(-100)/ No(0)]',
  'Fatal Reason',
  'EAS voice matched with report?',
  'Total',
  'Agent Grade',
  'Suggestion',
  'QC By',
];

/** The client records file's headings (§5.3: columns 7–19 and 25 differ). */
export const CLIENT_HEADER = [
  ...IN_HOUSE_HEADER.slice(0, 6),
  'Did agent use standard opening greeting?',
  'Was the quality of being active and enthusiastic exist in call?',
  'Did the agent speak aloud a word or sound according to the rules of the language?',
  'Did the agent speak quietly and in a way that is not clear so that the words are difficult to understand?',
  'Did the agent maintain appropriate speaking speed (not so fast or not so slow) at call?',
  'Was the voice/tonality sound appropriate when the agent speak?',
  'Did the agent maintain courtesy? (no avoiding tendency, Empathized/ sympathized/ apologized in a timely manner, Personalize the call with positive and helpful attitude, not lingered the call unnecessarily)',
  'Did the agent maintain hold duration(30 Sec) and hold etiquette?',
  "Did the agent take permission to book customer's time and share reason for call?",
  'Did the agent acknowledge customer that call recording and survey data will be saved/ask for a follow up time?',
  'Poor objection & Negotiation skill(-20)',
  'Did the agent approached to complete the survey in correct way(maintained serial of survey and asked appropriate question)?',
  'Did agent use unique closing?',
  'Fatal [Yes(-100)/ No(0)]',
  'Fatal Reason',
  'EAS voice matched with report?',
  'Total',
  'Agent Grade',
  'Remarks',
  'QC By',
];

/** The report world with the two agents the records files' tests score: Rina Akter and Abul Kalam. */
export async function reportWorldWithAgents(
  t: TestContext,
): Promise<{ w: ReportWorld; rina: TestUser; abul: TestUser }> {
  const w = await reportWorld(t);
  const rina = await createAgentUser(t, 'Rina Akter');
  const abul = await createAgentUser(t, 'Abul Kalam');
  return { w, rina, abul };
}

/**
 * Marks that add up to `total` (a multiple of 5 from 0 to 100): from the best card, CRM gives up to 20, then the
 * 10-mark criteria 10 or 5 each. `fatal` adds the -100.
 */
export function marksFor(total: number, fatal = false): Record<TQcCriterionKey, number> {
  const marks = bestScores();
  let missing = 100 - total;
  if (missing < 0 || missing > 100 || missing % 5 !== 0)
    throw new Error(`marksFor: ${total} is not a multiple of 5 from 0 to 100`);
  const crmLoss = Math.min(20, missing - (missing % 10));
  marks.crm -= crmLoss;
  missing -= crmLoss;
  for (const key of [
    'liveliness',
    'pronunciation',
    'mumbling',
    'pace',
    'pitch',
    'courtesy',
    'takingPermission',
    'acknowledgementAndFollowUp',
  ] as const) {
    const loss = Math.min(10, missing);
    marks[key] -= loss;
    missing -= loss;
  }
  if (fatal) marks.fatal = -100;
  return marks;
}

export type RecordSpec = {
  agent: TestUser;
  total: number;
  callDate: string;
  suggestion?: string;
  fatalReason?: string;
  fatal?: boolean;
  duration?: number | null;
  consumerNumber?: string;
};

/** Scores a call through POST /api/qcReport/add (or addforclient) as `api`. */
export async function addRecord(
  w: ReportWorld,
  api: Caller,
  spec: RecordSpec,
  kind: 'in-house' | 'client' = 'in-house',
): Promise<TQcRecord> {
  const marks = marksFor(spec.total, spec.fatal);
  const common = {
    callDate: spec.callDate,
    agentId: spec.agent.username,
    campaignName: w.campaign,
    consumerNumber: spec.consumerNumber ?? '01712345678',
    duration: spec.duration === undefined ? 95 : spec.duration,
  };
  const body =
    kind === 'in-house'
      ? {
          ...common,
          ...marks,
          fatalReason: spec.fatalReason ?? '',
          easVoiceMatchedWithReport: 'Yes',
          suggestion: spec.suggestion ?? '',
        }
      : {
          ...common,
          ...toClientMarks(marks),
          fatalReasonMarks: spec.fatalReason ?? '',
          easVoiceMatchedWithReportMarks: 'Yes',
          suggestionMarks: spec.suggestion ?? '',
        };
  const r = await api.post(kind === 'in-house' ? '/api/qcReport/add' : '/api/qcReport/addforclient', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecord>();
}

export const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export type FileReply = { status: number; headers: Record<string, unknown>; bytes: Buffer; text: string };

/** GET `url` with a bearer token (or none), the body kept as bytes. */
export async function download(t: TestContext, url: string, token?: string): Promise<FileReply> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

/** A 200 xlsx download with its file name, opened with exceljs. */
export async function openXlsxReply(r: FileReply, fileName: string): Promise<ExcelJS.Workbook> {
  expect(r.status, r.text.slice(0, 500)).toBe(200);
  expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(r.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(r.headers['cache-control']).toBe('no-store');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(r.bytes).buffer as ExcelJS.Buffer);
  return book;
}

/** Every row of the only sheet (named `sheet`), as arrays of plain values (empty cells null). */
export function sheetRows(book: ExcelJS.Workbook, sheet: string): (string | number | null)[][] {
  expect(book.worksheets[0]?.name).toBe(sheet);
  return worksheetRows(book, sheet);
}

/** Every row of the sheet named `sheet` (any of the book's), as arrays of plain values (empty cells null). */
export function worksheetRows(book: ExcelJS.Workbook, sheet: string): (string | number | null)[][] {
  const ws = book.getWorksheet(sheet);
  if (ws === undefined) throw new Error(`no sheet "${sheet}": ${book.worksheets.map((s) => s.name).join(', ')}`);
  const width = ws.getRow(1).cellCount;
  const rows: (string | number | null)[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: (string | number | null)[] = [];
    for (let c = 1; c <= width; c++) {
      const v = row.getCell(c).value;
      cells.push(v === null || v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? v : String(v));
    }
    rows.push(cells);
  });
  return rows;
}

/**
 * `count` in-house records of `callDate` scored by `inspector`, written by the database itself: agents
 * 'Agent 001'… cycling over `agents`, every criterion at its best (total 100) and a suggestion of about
 * `suggestionLength` characters that compresses poorly (hex of hashes).
 */
export async function insertRecords(
  db: Db,
  spec: { count: number; callDate: string; inspector: TestUser; agents?: number; suggestionLength?: number },
): Promise<void> {
  const best = standardValues(bestScores()).marks;
  const hashes = Math.max(1, Math.ceil((spec.suggestionLength ?? 32) / 32));
  // A seed, not a request: on a busy machine tens of thousands of rows may take longer than a request is allowed.
  await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`
    insert into qc_records (kind, call_date, agent_id, agent_name, campaign_name, consumer_number, duration, qc_inspector_id, qc_inspector,
      marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade)
    select 'in-house', ${spec.callDate}::date, 'agent' || lpad((g % ${spec.agents ?? 50})::text, 3, '0'),
      'Agent ' || lpad((g % ${spec.agents ?? 50})::text, 3, '0'), 'Bulk', '+8801' || lpad(g::text, 9, '0'), 60 + g % 300,
      ${spec.inspector.id}, ${spec.inspector.username},
      ${best}::jsonb, '', 'Yes',
      (select string_agg(md5(g::text || '-' || h), '') from generate_series(1, ${hashes}) h), 100, 'Exceed Expectation'
    from generate_series(1, ${spec.count}) g`.execute(trx);
  });
}
