// The screens of docs/product.md §2: path, title, who may open them and the sidebar menus.
import type { TRole } from './roles.ts';

export type TAppRoute = {
  path: string;
  title: string;
  roles: readonly TRole[];
  /** One sentence on what the screen is for. */
  purpose: string;
  /** A sub-page's list screen: its sidebar item stays highlighted here, and the page shows a way back to it. */
  parent?: string;
};

const ALL: readonly TRole[] = ['ADMIN', 'QC', 'AGENT'];
const ADMIN: readonly TRole[] = ['ADMIN'];
const QC: readonly TRole[] = ['ADMIN', 'QC'];
const AGENT: readonly TRole[] = ['ADMIN', 'AGENT'];
/** Admins, and client accounts over their own campaigns (docs/guide/clients.md). */
const CLIENT_READERS: readonly TRole[] = ['ADMIN', 'CLIENT'];
const CLIENT: readonly TRole[] = ['CLIENT'];
/** Admins, QC inspectors, and client accounts over their campaigns' client QC records (docs/guide/clients.md). */
const CLIENT_QC: readonly TRole[] = ['ADMIN', 'QC', 'CLIENT'];

export const APP_ROUTES = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    roles: ADMIN,
    purpose: 'Totals for agents, campaigns and data tables, per-campaign lead figures and live dialer statistics.',
  },
  {
    path: '/agents',
    title: 'Agents',
    roles: ADMIN,
    purpose: 'The agent list: add, bulk-upload, search, edit and delete agents.',
  },
  {
    path: '/editAgent/:id',
    title: 'Edit agent',
    roles: ADMIN,
    purpose: "Every field of an agent's profile, their status and a password reset.",
    parent: '/agents',
  },
  {
    path: '/users',
    title: 'Users',
    roles: ADMIN,
    purpose: 'QC inspector accounts: create, disable or enable, and reset passwords.',
  },
  {
    path: '/campaign',
    title: 'Campaigns',
    roles: ADMIN,
    purpose: 'Inbound and outbound campaigns: add, search, edit and delete.',
  },
  {
    path: '/editCampaign/:id',
    title: 'Edit campaign',
    roles: ADMIN,
    purpose: "A campaign's name, code, type, call target and status.",
    parent: '/campaign',
  },
  {
    path: '/dataTables',
    title: 'Data Tables',
    roles: ADMIN,
    purpose: 'The lead data table of each campaign and its own columns.',
  },
  {
    path: '/createTable',
    title: 'Create Table',
    roles: ADMIN,
    purpose: "Define the columns of a campaign's lead data table.",
    parent: '/dataTables',
  },
  {
    path: '/question',
    title: 'Questions',
    roles: ADMIN,
    purpose: 'Survey questions of every campaign: search, edit and delete.',
  },
  {
    path: '/createQuestions',
    title: 'Create Questions',
    roles: ADMIN,
    purpose: 'Add a batch of survey questions to a campaign.',
    parent: '/question',
  },
  {
    path: '/question/create',
    title: 'Create Questions',
    roles: ADMIN,
    purpose: 'Add a batch of survey questions to a campaign.',
    parent: '/question',
  },
  {
    path: '/editQuestion/:id',
    title: 'Edit question',
    roles: ADMIN,
    purpose: "A question's title, type, options, optional value, instruction and status.",
    parent: '/question',
  },
  {
    path: '/logicSetting',
    title: 'Logic Setting',
    roles: ADMIN,
    purpose: 'Pick a campaign to set the branching rules of its survey.',
  },
  {
    path: '/logicManagement/:campaignName',
    title: 'Logic management',
    roles: ADMIN,
    purpose: "A campaign's questions with their branching rules: set, update or clear.",
    parent: '/logicSetting',
  },
  {
    path: '/setLogics',
    title: 'Set logic',
    roles: ADMIN,
    purpose: 'Which question each answer leads to, and which answers complete the call.',
    parent: '/logicSetting',
  },
  {
    path: '/updateLogics',
    title: 'Update logic',
    roles: ADMIN,
    purpose: "Change a question's branching rules.",
    parent: '/logicSetting',
  },
  {
    path: '/leads',
    title: 'Leads',
    roles: ADMIN,
    purpose: 'Upload leads, browse them and open generate, regenerate and delete.',
  },
  {
    path: '/generateLead',
    title: 'Generate leads',
    roles: ADMIN,
    purpose: "Generate a day's call list per target selector.",
    parent: '/leads',
  },
  {
    path: '/reGenerateLead',
    title: 'Regenerate leads',
    roles: ADMIN,
    purpose: "Top up a day's call list with fresh leads for the uncalled ones.",
    parent: '/leads',
  },
  {
    path: '/deleteLeads',
    title: 'Delete leads',
    roles: ADMIN,
    purpose: "Delete one data date's leads of a campaign.",
    parent: '/leads',
  },
  {
    path: '/reports',
    title: 'Lead Reports',
    roles: ADMIN,
    purpose: 'Download the generated-leads report of a day and the full report of a date range.',
  },
  {
    path: '/audit',
    title: 'Audit log',
    roles: ADMIN,
    purpose: 'Who changed what, when and from where: filter the audit log and export it as CSV.',
  },
  {
    path: '/dnc',
    title: 'Do Not Call',
    roles: ADMIN,
    purpose: 'The system-wide and per-campaign do-not-call lists: add, upload, search and remove numbers.',
  },
  {
    path: '/scorecards',
    title: 'Scorecards',
    roles: ADMIN,
    purpose: 'Build, preview, try (what-if), publish, import and export the scorecards QC inspectors score on.',
  },
  {
    path: '/CRM',
    title: 'CRM',
    roles: AGENT,
    purpose: 'Find a lead by phone number and walk through the campaign survey.',
  },
  {
    path: '/viewFullCRM',
    title: 'View Full CRM',
    roles: ALL,
    purpose: "A read-only list of the campaign's survey questions.",
  },
  {
    path: '/agent-performance',
    title: 'QC Review',
    roles: AGENT,
    purpose: 'Your QC records: agree, raise a concern and comment.',
  },
  {
    path: '/qcChecking',
    title: 'QC Panel',
    roles: QC,
    purpose: 'Find a recorded call, listen to it and score the agent.',
  },
  {
    path: '/editqc/:id',
    title: 'Edit QC Record',
    roles: QC,
    purpose: 'Change the scores of an in-house QC record.',
    parent: '/viewQcReports',
  },
  {
    path: '/editClientqc/:id',
    title: 'Edit Client QC Record',
    roles: QC,
    purpose: 'Change the marks of a client QC record.',
    parent: '/QcRecordsClient',
  },
  { path: '/viewQcReports', title: 'QC Records Inhouse', roles: QC, purpose: 'Your in-house QC records.' },
  {
    path: '/qc-acknowledgements',
    title: 'Unacknowledged QC Records',
    roles: QC,
    purpose: "Scored calls the agents have not acknowledged yet, those past their campaign's window marked overdue.",
    parent: '/viewQcReports',
  },
  {
    path: '/QcReports',
    title: 'Download QC Reports',
    roles: CLIENT_QC,
    purpose: 'Export daily and monthly QC reports as xlsx.',
  },
  { path: '/QcRecordsClient', title: 'QC Records Client', roles: CLIENT_QC, purpose: 'Your client QC records.' },
  {
    path: '/flag-raised',
    title: 'Raised Flags',
    roles: QC,
    purpose: 'Concerns agents raised on QC records, to resolve.',
  },
  {
    path: '/qcQueue',
    title: 'QC Queue',
    roles: QC,
    purpose:
      "The next call to score, fairly sampled per agent and day against each campaign's target, and the progress.",
  },
  {
    path: '/calibration',
    title: 'Calibration',
    roles: QC,
    purpose: 'Calibration sessions: inspectors score the same calls blind, then compare.',
  },
  {
    path: '/calibration/:id',
    title: 'Calibration session',
    roles: QC,
    purpose: "A session's calls to score blind, and once closed, its agreement and each inspector's lean.",
    parent: '/calibration',
  },
  {
    path: '/qcInsights',
    title: 'QC Insights',
    roles: QC,
    purpose:
      "Grade trends, weakest criteria, marks lost across the floor, and each inspector's volume, leniency and dispute outcomes.",
  },
  {
    path: '/coaching',
    title: 'Coaching',
    roles: ALL,
    purpose:
      'Coaching sessions on the focus criteria of an agent: inspectors plan, hold and close them; an agent sees and acknowledges their own.',
  },
  {
    path: '/coaching/:id',
    title: 'Coaching session',
    roles: ALL,
    purpose:
      "A coaching session's details, linked QC records, its next step and, once closed, the before/after figure.",
    parent: '/coaching',
  },
  {
    path: '/productivity',
    title: 'Productivity',
    roles: QC,
    purpose:
      'Per agent, day, shift or campaign: signed-in time, calls, completes, dispositions, handle time and QC, and the floor now.',
  },
  {
    path: '/suspicious',
    title: 'Suspicious Completes',
    roles: QC,
    purpose: 'Completed calls that look made up (too short, no recording, repeated answers, too many an hour), by day.',
  },
  {
    path: '/results',
    title: 'Survey Results',
    roles: CLIENT_READERS,
    purpose: "How a campaign's survey is answering: per question, cross-tabs, where calls end, quotas, exports.",
  },
  {
    path: '/client',
    title: 'Client Home',
    roles: CLIENT,
    purpose: "A client account's landing page: its campaigns, with their results and client QC.",
  },
] as const satisfies readonly TAppRoute[];

export type TMenuItem = { label: string; path: string };
export type TMenu = { title: string; items: readonly TMenuItem[] };

export const ADMIN_MENU: TMenu = {
  title: 'Administration',
  items: [
    { label: 'Dashboard', path: '/dashboard' },
    { label: 'Agents', path: '/agents' },
    { label: 'Users', path: '/users' },
    { label: 'Campaigns', path: '/campaign' },
    { label: 'Data Tables', path: '/dataTables' },
    { label: 'Question', path: '/question' },
    { label: 'Logic Setting', path: '/logicSetting' },
    { label: 'Leads', path: '/leads' },
    { label: 'Lead Reports', path: '/reports' },
    { label: 'Do Not Call', path: '/dnc' },
    { label: 'Scorecards', path: '/scorecards' },
    { label: 'Audit Log', path: '/audit' },
  ],
};

export const CRM_MENU: TMenu = {
  title: 'CRM',
  items: [
    { label: 'CRM', path: '/CRM' },
    { label: 'View Full CRM', path: '/viewFullCRM' },
    { label: 'QC Review', path: '/agent-performance' },
  ],
};

export const QC_MENU: TMenu = {
  title: 'Quality control',
  items: [
    { label: 'QC Queue', path: '/qcQueue' },
    { label: 'QC Panel', path: '/qcChecking' },
    { label: 'QC Records Inhouse', path: '/viewQcReports' },
    { label: 'QC Records Client', path: '/QcRecordsClient' },
    { label: 'Raised Flags', path: '/flag-raised' },
    { label: 'QC Reports', path: '/QcReports' },
    { label: 'Calibration', path: '/calibration' },
    { label: 'QC Insights', path: '/qcInsights' },
    { label: 'Coaching', path: '/coaching' },
  ],
};

/** The figures managers read (docs/reports.md). */
export const REPORTS_MENU: TMenu = {
  title: 'Reports',
  items: [
    { label: 'Productivity', path: '/productivity' },
    { label: 'Survey Results', path: '/results' },
    { label: 'Suspicious', path: '/suspicious' },
  ],
};

/** An inspector's reports: productivity (read-only) and the suspicious completes. */
export const QC_REPORTS_MENU: TMenu = {
  title: 'Reports',
  items: [
    { label: 'Productivity', path: '/productivity' },
    { label: 'Suspicious', path: '/suspicious' },
  ],
};

/** A client account's menu: nothing but its campaigns' results and client QC (docs/guide/clients.md). */
export const CLIENT_MENU: TMenu = {
  title: 'Client',
  items: [
    { label: 'Home', path: '/client' },
    { label: 'Survey Results', path: '/results' },
    { label: 'QC Records', path: '/QcRecordsClient' },
    { label: 'QC Reports', path: '/QcReports' },
  ],
};

/** An agent's CRM menu: the CRM's items and their own coaching sessions (admins reach /coaching from the QC menu). */
export const AGENT_MENU: TMenu = {
  title: CRM_MENU.title,
  items: [...CRM_MENU.items, { label: 'Coaching', path: '/coaching' }],
};

/** The sidebar of each role (docs/product.md §2 Shell). */
export const MENUS_BY_ROLE: Record<TRole, readonly TMenu[]> = {
  // Admins see everything: the QC screens too (every inspector's records, with an inspector filter).
  ADMIN: [ADMIN_MENU, REPORTS_MENU, CRM_MENU, QC_MENU],
  QC: [QC_MENU, QC_REPORTS_MENU],
  AGENT: [AGENT_MENU],
  CLIENT: [CLIENT_MENU],
};

/** Whether a role may open a path pattern (exact pattern match, e.g. '/editAgent/:id'). */
export function canOpen(role: TRole, routePath: string): boolean {
  const route = APP_ROUTES.find((r) => r.path === routePath);
  return route !== undefined && (route.roles as readonly TRole[]).includes(role);
}
