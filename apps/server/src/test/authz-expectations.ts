// Who may call what: the declared authorization matrix, checked route by route by authz-matrix.test.ts.
//
// One letter per caller, in the order of CALLERS:
//   anon        nobody signed in
//   agent       agent aX, signed into campaign X
//   otherAgent  agent aY, signed into campaign Y
//   qc          QC inspector qA
//   otherQc     QC inspector qB
//   admin       an administrator
//   client      a client account of campaign X
//   otherClient a client account of campaign Y
// Every call names objects of campaign X, agent aX and inspector qA, so the "other" callers reach for what is not theirs.
//
//   A  allowed: any answer but 401/403 (a 400/404/409 after the checks passed is still an allow), and no 5xx
//   D  denied: 401 for anon, 403 for everyone signed in
//   S  allowed, but only the caller's own: the reply holds none of aX's or qA's data (the world's markers)
//
// A route registered without an entry here fails the test: a new route must say who may call it.
//
// A row of 6 letters names the staff only: both clients are denied (D), or allowed (A) when the row is public (anon A).
// A route a client may call has 8 letters; 'S' for otherClient where the reply must hold none of campaign X's data.

import { QC_QUEUE_EXPECTATIONS } from './authz/qc-queue.ts';
import { CALIBRATION_EXPECTATIONS } from './authz/calibration.ts';
import { DISPUTES_EXPECTATIONS } from './authz/disputes.ts';
import { QC_INSIGHTS_EXPECTATIONS } from './authz/qc-insights.ts';
import { DNC_EXPECTATIONS } from './authz/dnc.ts';
import { DIALER_SENDS_EXPECTATIONS } from './authz/dialer-sends.ts';
import { QUOTAS_EXPECTATIONS } from './authz/quotas.ts';
import { DISPOSITIONS_EXPECTATIONS } from './authz/dispositions.ts';
import { CALL_ATTEMPTS_EXPECTATIONS } from './authz/call-attempts.ts';
import { CALLBACKS_EXPECTATIONS } from './authz/callbacks.ts';
import { SCREEN_POP_EXPECTATIONS } from './authz/screen-pop.ts';
import { DIALER_SYNC_EXPECTATIONS } from './authz/dialer-sync.ts';
import { MFA_EXPECTATIONS } from './authz/mfa.ts';
import { SCORECARDS_EXPECTATIONS } from './authz/scorecards.ts';
import { NOTIFICATIONS_EXPECTATIONS } from './authz/notifications.ts';
import { QC_RECORDS_EXPECTATIONS } from './authz/qc-records.ts';
import { COACHING_EXPECTATIONS } from './authz/coaching.ts';
import { PRODUCTIVITY_EXPECTATIONS } from './authz/productivity.ts';
import { FLOOR_EXPECTATIONS } from './authz/floor.ts';
import { SUSPICIOUS_EXPECTATIONS } from './authz/suspicious.ts';
import { RESULTS_EXPECTATIONS } from './authz/results.ts';
import { CLIENTS_EXPECTATIONS } from './authz/clients.ts';

import { CALLERS, STAFF_CALLERS, type Verdict, type Who } from './authz/types.ts';

const PUBLIC = 'A A A A A A';
/** Clients too: who they are, signing out, a media token. */
const SIGNED_IN = 'D A A A A A A A';
const ADMIN = 'D D D D D A';
/** Admins, QC inspectors, and the agents of that campaign (questions, logic, the agent panel). */
const CAMPAIGN_READERS = 'D A D A A A';
/** Admins and QC inspectors, whoever owns the data (scoring, scorable agents, the voice log search). */
const SCORERS = 'D D D A A A';
/** Admins and the record's own inspector. */
const RECORD_OWNERS = 'D D D A D A';
/** Admins, and inspectors over their own records only. */
const OWN_RECORDS = 'D D D A S A';
/** RECORD_OWNERS, and client accounts over their campaigns' client records (cY's reply holds none of X's). */
const CLIENT_RECORD_READERS = 'D D D A D A A S';
/** OWN_RECORDS, and client accounts over their campaigns' client records. */
const CLIENT_OWN_RECORDS = 'D D D A S A A S';

export const EXPECTATIONS: Record<string, string> = {
  // ---- public: the health check, sign-in, the sign-in form's campaign list, the API's description, the web app
  'GET /healthz': PUBLIC,
  'POST /api/auth/signInSuperAdmin': PUBLIC,
  'POST /api/auth/signInAgent': PUBLIC,
  'GET /cc/campaigns': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/:file': PUBLIC,
  'GET /index.html': PUBLIC,
  'GET /assets/app.js': PUBLIC,
  /** Not a route: the not-found handler answers a page request with the web app. */
  'GET /* (web app)': PUBLIC,

  // ---- the session: anyone signed in
  'GET /api/auth/me': SIGNED_IN,
  'POST /api/auth/signOut': SIGNED_IN,
  'GET /api/auth/media-token': SIGNED_IN,

  // ---- campaigns, agents, QC accounts, data tables, dashboard, dialer: admin only
  'GET /cc/pagination/:page/:size': ADMIN,
  'GET /cc/searchCampaign': ADMIN,
  'POST /cc/addCampaign': ADMIN,
  'GET /cc/campaign/:id': ADMIN,
  'PUT /cc/updateCampaign': ADMIN,
  'DELETE /cc/delete/:id': ADMIN,
  'GET /cc/totalCampaigns': ADMIN,
  'GET /cc/totalInbound': ADMIN,
  'GET /cc/totalOutbound': ADMIN,
  'GET /cc/leadCounts': ADMIN,
  'GET /api/ac/pagination/:page/:size': ADMIN,
  'GET /api/ac/search': ADMIN,
  'POST /api/ac/addAgent': ADMIN,
  'GET /api/ac/getAgentList': ADMIN,
  'DELETE /api/ac/deleteAgent/:id': ADMIN,
  'PUT /api/ac/editAgent': ADMIN,
  'GET /api/ac/getAgent/:id': ADMIN,
  'GET /api/ac/totalAgents': ADMIN,
  'POST /api/ac/upload': ADMIN,
  'GET /api/file/download/csv': ADMIN,
  'POST /api/users': ADMIN,
  'GET /api/users': ADMIN,
  'GET /api/users/pagination/:page/:size': ADMIN,
  'PUT /api/users/:id': ADMIN,
  'GET /dt/pagination/:page/:size': ADMIN,
  'GET /dt/searchDataTables': ADMIN,
  'POST /dt/addDataTables': ADMIN,
  'GET /dt/viewAllDataTables': ADMIN,
  'DELETE /dt/deleteDataTables/:id': ADMIN,
  'GET /dt/totalDataTables': ADMIN,
  'POST /dynamic/create': ADMIN,
  'DELETE /dynamic/deleteCampaignTable': ADMIN,
  'GET /dynamic/countNumberOfDataAvailable': ADMIN,
  'GET /dynamic/dashboard': ADMIN,
  'GET /api/dialer/status': ADMIN,
  'GET /api/dialer/stream': ADMIN,

  // ---- questions and logic: admins write; the campaign's readers read
  'GET /questions/pagination/:page/:size': ADMIN,
  'GET /questions/searchQuestion': ADMIN,
  'POST /questions/add': ADMIN,
  'GET /questions/getAll': ADMIN,
  'GET /questions/getQuestion/:id': ADMIN,
  'GET /questions/deleteImpact/:id': ADMIN,
  'DELETE /questions/deleteQuestion/:id': ADMIN,
  'PUT /questions/updateQuestion': ADMIN,
  'GET /questions/getToSetLogic/:campaignName': CAMPAIGN_READERS,
  'POST /api/logic/setLogics': ADMIN,
  'PUT /api/logic/updateLogic': ADMIN,
  'GET /api/logic/isLogicExist': CAMPAIGN_READERS,
  'DELETE /api/logic/clearLogic': ADMIN,
  'GET /api/logic/getAllCampaignLogic': CAMPAIGN_READERS,
  'GET /api/logic': CAMPAIGN_READERS,
  'GET /api/logic/conditions': CAMPAIGN_READERS,
  'GET /api/logic/survey': CAMPAIGN_READERS,
  'PUT /api/logic/conditions/:questionId': ADMIN,

  // ---- leads and their files: admin only
  'GET /dynamic/unique_data_dates/:t': ADMIN,
  'GET /dynamic/unique_target_selector/:t': ADMIN,
  'GET /dynamic/leadSummary/:t': ADMIN,
  'POST /dynamic/updateData': ADMIN,
  'POST /dynamic/reGenerateData': ADMIN,
  'DELETE /dynamic/deleteLead': ADMIN,
  'GET /dynamic/leads/:t': ADMIN,
  'POST /api/file/uploadCsv': ADMIN,
  'GET /api/file/uploadStatus/:importId': ADMIN,
  'GET /api/file/download/columns/csv': ADMIN,
  'GET /api/file/generateCsv': ADMIN,
  'GET /api/file/generateFullReportCsv': ADMIN,

  // ---- the agent panel: the campaign's own agents, QC and admins; sign-in records: admin only
  'GET /api/ap/getByNumber': CAMPAIGN_READERS,
  'PUT /dynamic/updateLeadData/:t/:cell': CAMPAIGN_READERS,
  'GET /api/ap/answerHistory/:leadId': SCORERS,
  // The call in progress and the caller's own calls: those who open /CRM (agents of that campaign, admins); each their own.
  'PUT /api/ap/draft/:leadId': 'D A D D D A',
  'DELETE /api/ap/draft/:leadId': 'D A D D D A',
  'GET /api/ap/myCalls': 'D A D D D A',
  'GET /api/agentSessions/online': ADMIN,
  'GET /api/agentSessions': ADMIN,

  // ---- QC records: any inspector scores; only the record's inspector (or an admin) sees and changes it
  'POST /api/qcReport/add': SCORERS,
  'POST /api/qcReport/addforclient': SCORERS,
  // The lists are called with ?username= of qA: another inspector naming qA is refused.
  'GET /api/qcReport/getqcreportbyqcinspector': RECORD_OWNERS,
  'GET /api/qcReport/getqcreportbyqcinspector/:page/:size': RECORD_OWNERS,
  // A client account reads its campaigns' client records (numbers masked): cX meets qA's record of X, cY none.
  'GET /api/qcReport/getQcRecordsClientViewByQcInspector': CLIENT_RECORD_READERS,
  'GET /api/qcReport/getQcRecordsClientViewByQcInspector/:page/:size': CLIENT_RECORD_READERS,
  'GET /api/qcReport/getqc/:id': RECORD_OWNERS,
  'GET /api/qcReport/getClientQc/:id': RECORD_OWNERS,
  'PUT /api/qcReport/editqc': RECORD_OWNERS,
  'PUT /api/qcReport/edit-Client-Qc': RECORD_OWNERS,
  'DELETE /api/qcReport/deleteQc/:id': RECORD_OWNERS,
  'DELETE /api/qcReport/deleteClientQc/:id': RECORD_OWNERS,
  'POST /api/qcReport/add-qc-report-file': RECORD_OWNERS,
  // Agents see the recordings of their own in-house records; inspectors those of theirs.
  'GET /api/qcReport/all-qc-report-file': 'D A S A S A',
  'GET /api/qcReport/agents': SCORERS,

  // ---- agent reviews: an agent reviews its own records; the record's inspector resolves
  'GET /api/qcReport/list-of-qc-records-by-agent-id': 'D A D D D A',
  'POST /api/qcReport/submit': 'D A D D D D',
  'GET /api/qcReport/get-agent-reviews': OWN_RECORDS,
  'PUT /api/qcReport/agent-review/:id': RECORD_OWNERS,

  // ---- QC reports: admins, and inspectors over their own records
  'GET /api/qcReport/unique-dates-download-reports-in-house': OWN_RECORDS,
  'GET /api/qcReport/get-all-qc-records-in-house-for-excel-print': OWN_RECORDS,
  'GET /api/qcReport/export/in-house': SCORERS,
  // The client kind's reports: client accounts too, over their campaigns (an xlsx is not searched for markers).
  'GET /api/qcReport/unique-dates-download-reports-client': CLIENT_OWN_RECORDS,
  'GET /api/qcReport/get-all-qc-records-client-for-excel-print': CLIENT_OWN_RECORDS,
  'GET /api/qcReport/export/client': 'D D D A A A A A',
  'GET /api/qcReport/qc-report/summary': OWN_RECORDS,
  'GET /api/qcReport/date-range-summary': OWN_RECORDS,
  // Counts only: nothing in the reply names whose records they are, so only the status is checked.
  'GET /api/qcReport/grade-distribution': SCORERS,
  'GET /api/qcReport/export/daily-summary': SCORERS,
  'GET /api/qcReport/export/monthly-summary': SCORERS,

  // ---- the voice log: inspectors and admins search and play any recording; an agent plays its own records' only
  'GET /api/voicelog/search': SCORERS,
  'GET /api/voicelog/download-mp3': 'D A D A A A',
  'GET /api/voicelog/analysis': 'D A D A A A',
  'POST /api/voicelog/upload': ADMIN,

  // ---- the audit log: admins read and export it; a QC record's history goes to whoever may open the record
  'GET /api/audit/pagination/:page/:size': ADMIN,
  'GET /api/audit/export': ADMIN,
  'GET /api/audit/qcRecord/:id': RECORD_OWNERS,

  // ---- the QC work queue, calibration, disputes and insights: each area declares its own rows (test/authz/)
  ...QC_QUEUE_EXPECTATIONS,
  ...CALIBRATION_EXPECTATIONS,
  ...DISPUTES_EXPECTATIONS,
  ...QC_INSIGHTS_EXPECTATIONS,
  ...DNC_EXPECTATIONS,
  ...DIALER_SENDS_EXPECTATIONS,
  ...QUOTAS_EXPECTATIONS,
  ...DISPOSITIONS_EXPECTATIONS,
  ...CALL_ATTEMPTS_EXPECTATIONS,
  ...CALLBACKS_EXPECTATIONS,
  ...SCREEN_POP_EXPECTATIONS,
  ...DIALER_SYNC_EXPECTATIONS,
  ...MFA_EXPECTATIONS,
  ...SCORECARDS_EXPECTATIONS,
  ...NOTIFICATIONS_EXPECTATIONS,
  ...QC_RECORDS_EXPECTATIONS,
  ...COACHING_EXPECTATIONS,
  ...PRODUCTIVITY_EXPECTATIONS,
  ...FLOOR_EXPECTATIONS,
  ...SUSPICIOUS_EXPECTATIONS,
  ...RESULTS_EXPECTATIONS,
  ...CLIENTS_EXPECTATIONS,
};

/** The verdicts of one route, by caller. */
export function verdictsOf(key: string): Record<Who, Verdict> {
  const row = EXPECTATIONS[key];
  if (row === undefined) throw new Error(`${key}: no expectation declared`);
  const given = row.split(/\s+/).filter(Boolean);
  if (
    (given.length !== CALLERS.length && given.length !== STAFF_CALLERS) ||
    !given.every((l): l is Verdict => l === 'A' || l === 'D' || l === 'S')
  ) {
    throw new Error(`${key}: "${row}" must be ${STAFF_CALLERS} or ${CALLERS.length} letters of A, D, S`);
  }
  // The staff's row: a client may call it only when anyone may (a public route).
  const clients: Verdict = given[0] === 'A' ? 'A' : 'D';
  const letters = given.length === STAFF_CALLERS ? [...given, clients, clients] : given;
  return Object.fromEntries(CALLERS.map((who, i) => [who, letters[i] as Verdict])) as Record<Who, Verdict>;
}
