// The world of the authorization matrix: campaigns X and Y with a data table, questions, logic and generated leads;
// agents aX (signed into X) and aY (into Y); inspectors qA and qB; an admin; client accounts cX (of X) and cY (of Y).
// qA has scored aX (in-house and client), linked a recording and has a review of aX's to resolve. Everyone signs in through the real sign-in routes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bestScores, toClientMarks, type TDbRole, type TQuestion } from '@crm/shared';
import type { App } from '../app-type.ts';
import { hashPassword } from '../auth/password.ts';
import { caller, createCampaign, type Caller, type Reply, type TestUser } from './harness.ts';
import { uploadLeads } from './lead-upload-support.ts';
import { silentMp3, writeRecordings } from './test-audio.ts';
import type { CampaignSetup, ProbeSpec, Who, World } from './authz/types.ts';
import { QC_QUEUE_PROBES } from './authz/qc-queue.ts';
import { CALIBRATION_PROBES } from './authz/calibration.ts';
import { DISPUTES_PROBES } from './authz/disputes.ts';
import { QC_INSIGHTS_PROBES } from './authz/qc-insights.ts';
import { DNC_PROBES } from './authz/dnc.ts';
import { DIALER_SENDS_PROBES } from './authz/dialer-sends.ts';
import { QUOTAS_PROBES } from './authz/quotas.ts';
import { DISPOSITIONS_PROBES } from './authz/dispositions.ts';
import { CALL_ATTEMPTS_PROBES } from './authz/call-attempts.ts';
import { CALLBACKS_PROBES } from './authz/callbacks.ts';
import { SCREEN_POP_PROBES } from './authz/screen-pop.ts';
import { DIALER_SYNC_PROBES } from './authz/dialer-sync.ts';
import { MFA_PROBES, finishAdminSignIn } from './authz/mfa.ts';
import { SCORECARDS_PROBES } from './authz/scorecards.ts';
import { NOTIFICATIONS_PROBES } from './authz/notifications.ts';
import { QC_RECORDS_PROBES } from './authz/qc-records.ts';
import { COACHING_PROBES } from './authz/coaching.ts';
import { PRODUCTIVITY_PROBES } from './authz/productivity.ts';
import { FLOOR_PROBES } from './authz/floor.ts';
import { SUSPICIOUS_PROBES } from './authz/suspicious.ts';
import { RESULTS_PROBES } from './authz/results.ts';
import { CLIENTS_PROBES } from './authz/clients.ts';

/** Generated leads, looked up and saved by the agent panel. */
const LEAD_DATE = '2026-11-19';
/** Leads only the admin's generate, regenerate and delete touch. */
const SPARE_DATE = '2026-11-18';
/** qA's records of aX's calls, and the recording of one. */
const CALL_DATE = '2026-11-20';
/** Records, recordings and leads the probes themselves add. */
const NEW_DATE = '2026-11-21';
const IMPORT_ID = '6d1f6f0e-8c1a-4c43-9a55-0c3f4d6b2a10';
const RECORDING = '20261120-101500_01712345678_matrix-ax-all.mp3';
const PASSWORD = 'correct horse battery';

/** Text only aX's and qA's data holds: a reply to anyone else must contain none of it. */
export const MARKERS = {
  suggestion: 'MATRIX-QA-SUGGESTION',
  clientSuggestion: 'MATRIX-QA-CLIENT-SUGGESTION',
  review: 'MATRIX-AX-REVIEW',
  recording: RECORDING,
  agent: 'matrix-ax',
  callDate: CALL_DATE,
} as const;

/** Temporary folders: a built web app (index.html, one asset) and the recordings. */
export function createWorldDirs() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-authz-'));
  const webDist = path.join(base, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>CRM</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
  return {
    webDist,
    recordingsDir: path.join(base, 'recordings'),
    remove: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}

function ok<T>(r: Reply, what: string): T {
  if (r.status < 200 || r.status > 299) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.json<T>();
}

const query = (urlPath: string, params: Record<string, string>) =>
  `${urlPath}?${new URLSearchParams(params).toString()}`;

/** An in-house scorecard of aX's call, every criterion at its best. */
function inHouseCard(campaignName: string, callDate: string, suggestion: string) {
  return {
    callDate,
    agentId: MARKERS.agent,
    campaignName,
    consumerNumber: '01712345678',
    duration: 95,
    fatalReason: '',
    easVoiceMatchedWithReport: 'Yes',
    suggestion,
    ...bestScores(),
  };
}

/** The same card with the client's Marks-suffixed names. */
function clientCard(campaignName: string, callDate: string, suggestionMarks: string) {
  return {
    callDate,
    agentId: MARKERS.agent,
    campaignName,
    consumerNumber: '01712345678',
    duration: 95,
    fatalReasonMarks: '',
    easVoiceMatchedWithReportMarks: 'Yes',
    suggestionMarks,
    ...toClientMarks(bestScores()),
  };
}

/** Hashed once: a password hash is slow on purpose, and the world makes a dozen accounts. */
let passwordHash: Promise<string> | undefined;

/** An active account whose password is PASSWORD. */
async function insertUser(app: App, role: TDbRole, username: string, name: string): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const row = await app.db
    .insertInto('users')
    .values({ username, name, role, passwordHash: await passwordHash, active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, name, password: PASSWORD, role };
}

async function createAgent(app: App, username: string, name: string): Promise<{ user: TestUser; profileId: number }> {
  const user = await insertUser(app, 'agent', username, name);
  const row = await app.db
    .insertInto('agents')
    .values({ userId: user.id, type: 'Physical' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, profileId: row.id };
}

let seq = 0;
/** A number unique in this world, for names and agent ids. */
function nextSeq(): number {
  seq += 1;
  return seq;
}

/** A campaign with a data table (shop, tier), two questions joined by a rule, and leads: one generated on LEAD_DATE, one fresh on SPARE_DATE. */
async function setUpCampaign(
  app: App,
  admin: Caller,
  adminToken: string,
  name: string,
  cells: [string, string],
  importId?: string,
): Promise<CampaignSetup> {
  const c = await createCampaign(app.db, { campaignName: name });
  const table = await app.db
    .insertInto('dataTables')
    .values({ campaignId: c.id, name, columns: ['shop', 'tier'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questions = ok<TQuestion[]>(
    await admin.post('/questions/add', [
      { campaignId: name, title: 'Did you buy it?', type: 'Select Option', options: 'Yes, No' },
      { campaignId: name, title: 'Why not?', type: 'Textarea', options: '' },
    ]),
    'questions',
  );
  const [q1, q2] = questions as [TQuestion, TQuestion];
  ok(
    await admin.post('/api/logic/setLogics', [{ questionId: q1.id, optionTitle: 'No', questionNoToShow: q2.id }]),
    'logic',
  );
  const csv = [
    'cell_number,data_date,respondent_name,shop,tier',
    `${cells[0]},${LEAD_DATE},Rahim,Shop 1,A`,
    `${cells[1]},${SPARE_DATE},Karim,Shop 2,B`,
  ].join('\n');
  ok(await uploadLeads(app, adminToken, csv, { tableName: name, ...(importId ? { importId } : {}) }), 'lead upload');
  ok(
    await admin.post(query('/dynamic/updateData', { tableName: name, dataDate: LEAD_DATE, all: 'true' }), {}),
    'generate',
  );
  const lead = await app.db
    .selectFrom('leads')
    .select('id')
    .where('campaignId', '=', c.id)
    .where('dataDate', '=', LEAD_DATE)
    .executeTakeFirstOrThrow();
  return { id: c.id, name, code: c.campaignId, tableId: table.id, questions, cell: cells[0], leadId: Number(lead.id) };
}

export async function createWorld(app: App, recordingsDir: string): Promise<World> {
  const agent = await createAgent(app, MARKERS.agent, 'Matrix Agent X');
  const otherAgent = await createAgent(app, 'matrix-ay', 'Matrix Agent Y');
  const users: World['users'] = {
    agent: agent.user,
    otherAgent: otherAgent.user,
    qc: await insertUser(app, 'qc', 'matrix-qa', 'Matrix Inspector A'),
    otherQc: await insertUser(app, 'qc', 'matrix-qb', 'Matrix Inspector B'),
    admin: await insertUser(app, 'admin', 'matrix-admin', 'Matrix Admin'),
    client: await insertUser(app, 'client', 'matrix-cx', 'Matrix Client X'),
    otherClient: await insertUser(app, 'client', 'matrix-cy', 'Matrix Client Y'),
  };

  const spares: World['users'] = {
    agent: (await createAgent(app, 'matrix-spare-ax', 'Spare Agent X')).user,
    otherAgent: (await createAgent(app, 'matrix-spare-ay', 'Spare Agent Y')).user,
    qc: await insertUser(app, 'qc', 'matrix-spare-qa', 'Spare Inspector A'),
    otherQc: await insertUser(app, 'qc', 'matrix-spare-qb', 'Spare Inspector B'),
    admin: await insertUser(app, 'admin', 'matrix-spare-admin', 'Spare Admin'),
    client: await insertUser(app, 'client', 'matrix-spare-cx', 'Spare Client X'),
    otherClient: await insertUser(app, 'client', 'matrix-spare-cy', 'Spare Client Y'),
  };

  const campaignOf: Partial<Record<Who, string>> = { agent: 'Matrix X', otherAgent: 'Matrix Y' };
  const signIn = async (who: Who, spare = false): Promise<string | undefined> => {
    if (who === 'anon') return undefined;
    const campaign = campaignOf[who];
    const { username } = (spare ? spares : users)[who];
    if (!campaign)
      return finishAdminSignIn(
        app,
        await caller(app).post('/api/auth/signInSuperAdmin', { username, password: PASSWORD }),
        username,
      );
    const r = await caller(app).post('/api/auth/signInAgent', {
      username,
      password: PASSWORD,
      shift: 'Morning',
      campaign,
    });
    return ok<{ jwtToken: string }>(r, `sign-in of ${who}`).jwtToken;
  };

  const adminToken = (await signIn('admin')) as string;
  const admin = caller(app, adminToken);
  const x = await setUpCampaign(app, admin, adminToken, 'Matrix X', ['01711000101', '01711000102'], IMPORT_ID);
  const y = await setUpCampaign(app, admin, adminToken, 'Matrix Y', ['01711000201', '01711000202']);
  // The clients' campaigns: client (and its spare) see X, otherClient Y.
  await app.db
    .insertInto('clientCampaigns')
    .values([
      { userId: users.client.id, campaignId: x.id },
      { userId: spares.client.id, campaignId: x.id },
      { userId: users.otherClient.id, campaignId: y.id },
      { userId: spares.otherClient.id, campaignId: y.id },
    ])
    .execute();
  const tokens: World['tokens'] = {
    anon: undefined,
    agent: await signIn('agent'),
    otherAgent: await signIn('otherAgent'),
    qc: await signIn('qc'),
    otherQc: await signIn('otherQc'),
    admin: adminToken,
    client: await signIn('client'),
    otherClient: await signIn('otherClient'),
  };

  const qc = caller(app, tokens.qc);
  const inHouse = ok<{ id: number }>(
    await qc.post('/api/qcReport/add', inHouseCard(x.name, CALL_DATE, MARKERS.suggestion)),
    'in-house record',
  );
  const client = ok<{ id: number }>(
    await qc.post('/api/qcReport/addforclient', clientCard(x.name, CALL_DATE, MARKERS.clientSuggestion)),
    'client record',
  );
  await writeRecordings(recordingsDir, CALL_DATE, { [RECORDING]: silentMp3(1) });
  ok(
    await qc.post('/api/qcReport/add-qc-report-file', { qcReport: { id: inHouse.id }, fileName: RECORDING }),
    'recording link',
  );
  const review = ok<{ id: number }>(
    await caller(app, tokens.agent).post('/api/qcReport/submit', {
      qcId: inHouse.id,
      agreed: 'No',
      raiseConcern: true,
      comment: MARKERS.review,
    }),
    'review',
  );

  const freshToken = async (who: Who) => signIn(who, true);
  return {
    app,
    x,
    y,
    users,
    agentProfileId: agent.profileId,
    tokens,
    record: { inHouse: inHouse.id, client: client.id, review: review.id },
    freshToken,
    admin,
    qc,
  };
}

/** Objects made afresh for each call of a route that deletes or uses them up, so every caller meets one. */
function freshObjects(w: World) {
  return {
    campaign: async () => createCampaign(w.app.db, { campaignName: `Matrix spare ${nextSeq()}` }),
    /** A campaign with a data table (of a campaign like X: the delete routes refuse before looking). */
    tableCampaign: async () => {
      const c = await createCampaign(w.app.db, { campaignName: `Matrix spare ${nextSeq()}` });
      const table = await w.app.db
        .insertInto('dataTables')
        .values({ campaignId: c.id, name: c.campaignName, columns: ['shop'] })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { name: c.campaignName, tableId: table.id };
    },
    agentProfile: async () => (await createAgent(w.app, `matrix-spare-${nextSeq()}`, 'Spare Agent')).profileId,
    /** A question of campaign X, without rules unless asked. */
    question: async (withRule = false) => {
      const [q] = ok<TQuestion[]>(
        await w.admin.post('/questions/add', [
          { campaignId: w.x.name, title: `Spare ${nextSeq()}`, type: 'Select Option', options: 'Yes, No' },
        ]),
        'spare question',
      );
      if (!q) throw new Error('no spare question');
      if (withRule)
        ok(
          await w.admin.post('/api/logic/setLogics', [{ questionId: q.id, optionTitle: 'Yes', isCompletedCall: 1 }]),
          'spare rule',
        );
      return q.id;
    },
    /** qA's in-house record of aX's call. */
    inHouseRecord: async () =>
      ok<{ id: number }>(await w.qc.post('/api/qcReport/add', inHouseCard(w.x.name, NEW_DATE, 'spare')), 'spare record')
        .id,
    clientRecord: async () =>
      ok<{ id: number }>(
        await w.qc.post('/api/qcReport/addforclient', clientCard(w.x.name, NEW_DATE, 'spare')),
        'spare record',
      ).id,
  };
}

// ---- how each route is called

/** How each route is called: with X's, aX's and qA's objects, and a body a route would accept. */
export function probes(w: World): Record<string, ProbeSpec> {
  const fresh = freshObjects(w);
  const { x } = w;
  const [q1, q2] = x.questions as [TQuestion, TQuestion];
  const qa = w.users.qc;
  const agentCsv = () => `type,name,agentId,password\nPhysical,Upload Agent,matrix-up-${nextSeq()},change-me-0001\n`;
  const edit = {
    id: w.record.inHouse,
    ...bestScores(),
    fatalReason: '',
    easVoiceMatchedWithReport: 'Yes',
    suggestion: MARKERS.suggestion,
  };
  const clientEdit = {
    id: w.record.client,
    ...toClientMarks(bestScores()),
    fatalReasonMarks: '',
    easVoiceMatchedWithReportMarks: 'Yes',
    suggestionMarks: MARKERS.clientSuggestion,
  };
  const date = { date: CALL_DATE };
  const range = { startDate: CALL_DATE, endDate: CALL_DATE };
  const named = { username: qa.username };

  return {
    'GET /healthz': { url: '/healthz' },
    'POST /api/auth/signInSuperAdmin': {
      url: '/api/auth/signInSuperAdmin',
      body: { username: qa.username, password: PASSWORD },
    },
    'POST /api/auth/signInAgent': {
      url: '/api/auth/signInAgent',
      body: { username: MARKERS.agent, password: PASSWORD, shift: 'Evening', campaign: x.name },
    },
    'GET /cc/campaigns': { url: '/cc/campaigns' },
    'GET /api/openapi.json': { url: '/api/openapi.json' },
    'GET /api/docs': { url: '/api/docs' },
    'GET /api/docs/:file': { url: '/api/docs/swagger-ui.css' },
    'GET /index.html': { url: '/index.html' },
    'GET /assets/app.js': { url: '/assets/app.js' },
    'GET /* (web app)': { url: '/qc/reports', headers: { accept: 'text/html' } },

    'GET /api/auth/me': { url: '/api/auth/me' },
    'POST /api/auth/signOut': { url: '/api/auth/signOut', body: {}, freshSession: true },
    'GET /api/auth/media-token': { url: '/api/auth/media-token' },

    'GET /cc/pagination/:page/:size': { url: '/cc/pagination/0/10' },
    'GET /cc/searchCampaign': { url: query('/cc/searchCampaign', { campaignName: 'Matrix' }) },
    'POST /cc/addCampaign': async () => ({
      url: '/cc/addCampaign',
      body: {
        campaignType: 'Outbound',
        campaignName: `Matrix new ${nextSeq()}`,
        campaignId: `MN${nextSeq()}`,
        callTarget: 10,
      },
    }),
    'GET /cc/campaign/:id': { url: `/cc/campaign/${x.id}` },
    'PUT /cc/updateCampaign': {
      url: '/cc/updateCampaign',
      body: { id: x.id, campaignName: x.name, campaignId: x.code },
    },
    'DELETE /cc/delete/:id': async () => ({ url: `/cc/delete/${(await fresh.campaign()).id}` }),
    'GET /cc/totalCampaigns': { url: '/cc/totalCampaigns' },
    'GET /cc/totalInbound': { url: '/cc/totalInbound' },
    'GET /cc/totalOutbound': { url: '/cc/totalOutbound' },
    'GET /cc/leadCounts': { url: '/cc/leadCounts' },
    'GET /api/ac/pagination/:page/:size': { url: '/api/ac/pagination/0/10' },
    'GET /api/ac/search': { url: query('/api/ac/search', { name: 'Matrix', agentId: 'matrix', cellNumber: '017' }) },
    'POST /api/ac/addAgent': async () => ({
      url: '/api/ac/addAgent',
      body: { type: 'Virtual', name: 'New Agent', agentId: `matrix-new-${nextSeq()}`, password: 'change-me-0001' },
    }),
    'GET /api/ac/getAgentList': { url: '/api/ac/getAgentList' },
    'DELETE /api/ac/deleteAgent/:id': async () => ({ url: `/api/ac/deleteAgent/${await fresh.agentProfile()}` }),
    'PUT /api/ac/editAgent': {
      url: '/api/ac/editAgent',
      body: { id: w.agentProfileId, type: 'Physical', name: w.users.agent.name, agentId: MARKERS.agent, status: true },
    },
    'GET /api/ac/getAgent/:id': { url: `/api/ac/getAgent/${w.agentProfileId}` },
    'GET /api/ac/totalAgents': { url: '/api/ac/totalAgents' },
    'POST /api/ac/upload': async () => ({
      url: '/api/ac/upload',
      form: { field: 'file', fileName: 'agents.csv', content: agentCsv(), type: 'text/csv' },
    }),
    'GET /api/file/download/csv': { url: '/api/file/download/csv' },
    'POST /api/users': async () => ({
      url: '/api/users',
      body: { username: `matrix-qc-${nextSeq()}`, name: 'New Inspector', password: 'change-me-0001' },
    }),
    'GET /api/users': { url: query('/api/users', { search: 'matrix' }) },
    'GET /api/users/pagination/:page/:size': { url: '/api/users/pagination/0/10' },
    'PUT /api/users/:id': { url: `/api/users/${qa.id}`, body: { name: qa.name } },
    'GET /dt/pagination/:page/:size': { url: '/dt/pagination/0/10' },
    'GET /dt/searchDataTables': { url: query('/dt/searchDataTables', { name: 'Matrix' }) },
    'POST /dt/addDataTables': async () => ({
      url: '/dt/addDataTables',
      body: { campaignName: (await fresh.campaign()).campaignName, numberOfField: 2, columns: ['shop', 'tier'] },
    }),
    'GET /dt/viewAllDataTables': { url: '/dt/viewAllDataTables' },
    'DELETE /dt/deleteDataTables/:id': async () => ({
      url: `/dt/deleteDataTables/${(await fresh.tableCampaign()).tableId}`,
    }),
    'GET /dt/totalDataTables': { url: '/dt/totalDataTables' },
    'POST /dynamic/create': async () => ({
      url: query('/dynamic/create', { tableName: x.name, columns: `extra_${nextSeq()}` }),
    }),
    'DELETE /dynamic/deleteCampaignTable': async () => ({
      url: query('/dynamic/deleteCampaignTable', { campaignName: (await fresh.tableCampaign()).name }),
    }),
    'GET /dynamic/countNumberOfDataAvailable': {
      url: query('/dynamic/countNumberOfDataAvailable', { campaignDataTable: x.name }),
    },
    'GET /dynamic/dashboard': { url: '/dynamic/dashboard' },
    'GET /api/dialer/status': { url: '/api/dialer/status' },
    'GET /api/dialer/stream': { url: '/api/dialer/stream' },

    'GET /questions/pagination/:page/:size': { url: '/questions/pagination/0/10' },
    'GET /questions/searchQuestion': { url: query('/questions/searchQuestion', { campaignId: x.name }) },
    'POST /questions/add': {
      url: '/questions/add',
      body: [{ campaignId: x.name, title: 'Added by the matrix', type: 'Text Input', options: '' }],
    },
    'GET /questions/getAll': { url: '/questions/getAll' },
    'GET /questions/getQuestion/:id': { url: `/questions/getQuestion/${q1.id}` },
    'GET /questions/deleteImpact/:id': { url: `/questions/deleteImpact/${q1.id}` },
    'DELETE /questions/deleteQuestion/:id': async () => ({
      url: `/questions/deleteQuestion/${await fresh.question()}`,
    }),
    'PUT /questions/updateQuestion': {
      url: '/questions/updateQuestion',
      body: { id: q2.id, title: q2.title, type: q2.type, options: q2.options, status: true },
    },
    'GET /questions/getToSetLogic/:campaignName': { url: `/questions/getToSetLogic/${encodeURIComponent(x.name)}` },
    'POST /api/logic/setLogics': async () => ({
      url: '/api/logic/setLogics',
      body: [{ questionId: await fresh.question(), optionTitle: 'Yes', isCompletedCall: 1 }],
    }),
    'PUT /api/logic/updateLogic': {
      url: '/api/logic/updateLogic',
      body: { questionId: q1.id, rules: [{ questionId: q1.id, optionTitle: 'No', questionNoToShow: q2.id }] },
    },
    'GET /api/logic/isLogicExist': { url: query('/api/logic/isLogicExist', { id: String(q1.id) }) },
    'DELETE /api/logic/clearLogic': async () => ({
      url: query('/api/logic/clearLogic', { id: String(await fresh.question(true)) }),
    }),
    'GET /api/logic/getAllCampaignLogic': { url: query('/api/logic/getAllCampaignLogic', { campaignName: x.name }) },
    'GET /api/logic': { url: query('/api/logic', { questionId: String(q1.id) }) },
    'GET /api/logic/conditions': { url: query('/api/logic/conditions', { campaignName: x.name }) },
    'GET /api/logic/survey': { url: query('/api/logic/survey', { campaignName: x.name }) },
    'PUT /api/logic/conditions/:questionId': {
      url: `/api/logic/conditions/${q2.id}`,
      body: {
        showIf: { join: 'and', items: [{ subject: { kind: 'answer', questionId: q1.id }, operator: 'answered' }] },
      },
    },

    'GET /dynamic/unique_data_dates/:t': { url: `/dynamic/unique_data_dates/${encodeURIComponent(x.name)}` },
    'GET /dynamic/unique_target_selector/:t': { url: `/dynamic/unique_target_selector/${encodeURIComponent(x.name)}` },
    'GET /dynamic/leadSummary/:t': {
      url: query(`/dynamic/leadSummary/${encodeURIComponent(x.name)}`, { dataDate: LEAD_DATE }),
    },
    'POST /dynamic/updateData': {
      url: query('/dynamic/updateData', { tableName: x.name, dataDate: SPARE_DATE, all: 'true' }),
      body: {},
    },
    'POST /dynamic/reGenerateData': {
      url: query('/dynamic/reGenerateData', { tableName: x.name, dataDate: SPARE_DATE, all: 'true' }),
      body: {},
    },
    'DELETE /dynamic/deleteLead': { url: query('/dynamic/deleteLead', { tableName: x.name, dataDate: SPARE_DATE }) },
    'GET /dynamic/leads/:t': { url: query(`/dynamic/leads/${encodeURIComponent(x.name)}`, { dataDate: LEAD_DATE }) },
    'POST /api/file/uploadCsv': async () => ({
      url: query('/api/file/uploadCsv', { tableName: x.name }),
      form: {
        field: 'file',
        fileName: 'leads.csv',
        content: `cell_number,data_date,respondent_name\n0171200${String(1000 + nextSeq())},${NEW_DATE},Salma\n`,
        type: 'text/csv',
      },
    }),
    'GET /api/file/uploadStatus/:importId': { url: `/api/file/uploadStatus/${IMPORT_ID}` },
    'GET /api/file/download/columns/csv': { url: query('/api/file/download/columns/csv', { tableName: x.name }) },
    'GET /api/file/generateCsv': { url: query('/api/file/generateCsv', { tableName: x.name, dataDate: LEAD_DATE }) },
    'GET /api/file/generateFullReportCsv': {
      url: query('/api/file/generateFullReportCsv', { tableName: x.name, startDate: LEAD_DATE, endDate: LEAD_DATE }),
    },

    'GET /api/ap/getByNumber': { url: query('/api/ap/getByNumber', { tableName: x.name, cellNumber: x.cell }) },
    'PUT /dynamic/updateLeadData/:t/:cell': {
      url: query(`/dynamic/updateLeadData/${encodeURIComponent(x.name)}/${x.cell}`, { leadId: String(x.leadId) }),
      body: { Q1: 'Yes' },
    },
    'GET /api/ap/answerHistory/:leadId': { url: `/api/ap/answerHistory/${x.leadId}` },
    'PUT /api/ap/draft/:leadId': {
      url: query(`/api/ap/draft/${x.leadId}`, { tableName: x.name }),
      body: { path: ['Q1', 'Q2'], answers: { Q1: 'No' }, leadVersion: null },
    },
    'DELETE /api/ap/draft/:leadId': { url: query(`/api/ap/draft/${x.leadId}`, { tableName: x.name }) },
    'GET /api/ap/myCalls': { url: query('/api/ap/myCalls', { tableName: x.name }) },
    'GET /api/agentSessions/online': { url: '/api/agentSessions/online' },
    'GET /api/agentSessions': { url: query('/api/agentSessions', { date: new Date().toISOString().slice(0, 10) }) },

    'POST /api/qcReport/add': { url: '/api/qcReport/add', body: inHouseCard(x.name, NEW_DATE, 'added by a probe') },
    'POST /api/qcReport/addforclient': {
      url: '/api/qcReport/addforclient',
      body: clientCard(x.name, NEW_DATE, 'added by a probe'),
    },
    'GET /api/qcReport/getqcreportbyqcinspector': { url: query('/api/qcReport/getqcreportbyqcinspector', named) },
    'GET /api/qcReport/getqcreportbyqcinspector/:page/:size': {
      url: query('/api/qcReport/getqcreportbyqcinspector/0/10', named),
    },
    'GET /api/qcReport/getQcRecordsClientViewByQcInspector': {
      url: query('/api/qcReport/getQcRecordsClientViewByQcInspector', named),
    },
    'GET /api/qcReport/getQcRecordsClientViewByQcInspector/:page/:size': {
      url: query('/api/qcReport/getQcRecordsClientViewByQcInspector/0/10', named),
    },
    'GET /api/qcReport/getqc/:id': { url: `/api/qcReport/getqc/${w.record.inHouse}` },
    'GET /api/qcReport/getClientQc/:id': { url: `/api/qcReport/getClientQc/${w.record.client}` },
    'PUT /api/qcReport/editqc': { url: '/api/qcReport/editqc', body: edit },
    'PUT /api/qcReport/edit-Client-Qc': { url: '/api/qcReport/edit-Client-Qc', body: clientEdit },
    'DELETE /api/qcReport/deleteQc/:id': async () => ({ url: `/api/qcReport/deleteQc/${await fresh.inHouseRecord()}` }),
    'DELETE /api/qcReport/deleteClientQc/:id': async () => ({
      url: `/api/qcReport/deleteClientQc/${await fresh.clientRecord()}`,
    }),
    'POST /api/qcReport/add-qc-report-file': {
      url: '/api/qcReport/add-qc-report-file',
      body: { qcReport: { id: w.record.inHouse }, fileName: RECORDING },
    },
    'GET /api/qcReport/all-qc-report-file': { url: '/api/qcReport/all-qc-report-file' },
    'GET /api/qcReport/agents': { url: '/api/qcReport/agents' },

    'GET /api/qcReport/list-of-qc-records-by-agent-id': {
      url: query('/api/qcReport/list-of-qc-records-by-agent-id', { agentId: MARKERS.agent }),
    },
    'POST /api/qcReport/submit': async () => ({
      url: '/api/qcReport/submit',
      body: { qcId: await fresh.inHouseRecord(), agreed: 'Yes', raiseConcern: false, comment: 'Fair' },
    }),
    'GET /api/qcReport/get-agent-reviews': { url: '/api/qcReport/get-agent-reviews' },
    'PUT /api/qcReport/agent-review/:id': {
      url: `/api/qcReport/agent-review/${w.record.review}`,
      body: { isResolved: true, resolvedMessage: 'Listened again: the score stands' },
    },

    'GET /api/qcReport/unique-dates-download-reports-in-house': {
      url: '/api/qcReport/unique-dates-download-reports-in-house',
    },
    'GET /api/qcReport/get-all-qc-records-in-house-for-excel-print': {
      url: query('/api/qcReport/get-all-qc-records-in-house-for-excel-print', date),
    },
    'GET /api/qcReport/export/in-house': { url: query('/api/qcReport/export/in-house', date) },
    'GET /api/qcReport/unique-dates-download-reports-client': {
      url: '/api/qcReport/unique-dates-download-reports-client',
    },
    'GET /api/qcReport/get-all-qc-records-client-for-excel-print': {
      url: query('/api/qcReport/get-all-qc-records-client-for-excel-print', date),
    },
    'GET /api/qcReport/export/client': { url: query('/api/qcReport/export/client', date) },
    'GET /api/qcReport/qc-report/summary': { url: query('/api/qcReport/qc-report/summary', { callDate: CALL_DATE }) },
    'GET /api/qcReport/date-range-summary': { url: query('/api/qcReport/date-range-summary', range) },
    'GET /api/qcReport/grade-distribution': { url: query('/api/qcReport/grade-distribution', date) },
    'GET /api/qcReport/export/daily-summary': { url: query('/api/qcReport/export/daily-summary', date) },
    'GET /api/qcReport/export/monthly-summary': { url: query('/api/qcReport/export/monthly-summary', range) },

    'GET /api/voicelog/search': { url: query('/api/voicelog/search', { directory: CALL_DATE, msisdn: '01712345678' }) },
    'GET /api/voicelog/download-mp3': {
      url: query('/api/voicelog/download-mp3', { fileName: `${CALL_DATE}/${RECORDING}` }),
    },
    'GET /api/voicelog/analysis': { url: query('/api/voicelog/analysis', { fileName: `${CALL_DATE}/${RECORDING}` }) },
    'POST /api/voicelog/upload': async () => ({
      url: query('/api/voicelog/upload', { directory: NEW_DATE }),
      form: {
        field: 'files',
        fileName: `20261121-10${String(1000 + nextSeq()).slice(-4)}_01712345678_matrix-ax-all.mp3`,
        content: silentMp3(1),
        type: 'audio/mpeg',
      },
    }),

    'GET /api/audit/pagination/:page/:size': { url: query('/api/audit/pagination/0/10', { objectType: 'campaign' }) },
    'GET /api/audit/export': { url: query('/api/audit/export', { objectType: 'campaign' }) },
    'GET /api/audit/qcRecord/:id': { url: `/api/audit/qcRecord/${w.record.inHouse}` },
    ...QC_QUEUE_PROBES(w),
    ...CALIBRATION_PROBES(w),
    ...DISPUTES_PROBES(w),
    ...QC_INSIGHTS_PROBES(w),
    ...DNC_PROBES(w),
    ...DIALER_SENDS_PROBES(w),
    ...QUOTAS_PROBES(w),
    ...DISPOSITIONS_PROBES(w),
    ...CALL_ATTEMPTS_PROBES(w),
    ...CALLBACKS_PROBES(w),
    ...SCREEN_POP_PROBES(w),
    ...DIALER_SYNC_PROBES(w),
    ...MFA_PROBES(w),
    ...SCORECARDS_PROBES(w),
    ...NOTIFICATIONS_PROBES(w),
    ...QC_RECORDS_PROBES(w),
    ...COACHING_PROBES(w),
    ...PRODUCTIVITY_PROBES(w),
    ...FLOOR_PROBES(w),
    ...SUSPICIOUS_PROBES(w),
    ...RESULTS_PROBES(w),
    ...CLIENTS_PROBES(w),
  };
}
