// The server's rooms (docs/architecture.md, Module directions): the foundation (db/, http/, auth/ and the app's type
// and config) at the bottom, the modules above it, app.ts and the other entry points on top. Imports run downwards
// only, and a module imports only the modules DIRECTIONS lists for it, so no two modules import each other.
// scripts/rooms/server.test.mjs checks that the docs' table says the same as DIRECTIONS, and that a stray import fails.

const SRC = '^apps/server/src/';
/** Tests and test support may reach across rooms to set a world up; the rules are about product files. */
const TESTS = '\\.test\\.tsx?$';

/** The bottom: what every module may import. */
export const FOUNDATION = ['db/', 'http/', 'auth/', 'types/', 'app-type.ts', 'config.ts', 'secrets.ts'];
/** The top: the entry points that put the app together; nothing below imports them. */
export const TOP = ['app.ts', 'main.ts', 'build.ts', 'demo.ts', 'demo/', 'reset-mfa.ts'];

/**
 * Which modules (apps/server/src/modules/<name>) each module may import, besides the foundation. A module missing
 * here may import no other module. Lower modules first in spirit: the graph has no circle (the test proves it).
 */
export const DIRECTIONS = {
  agents: ['audit'],
  audit: [],
  auth: ['mfa', 'users'],
  calibration: ['audit', 'scorecards', 'voicelog'],
  'call-attempts': [],
  clients: ['voicelog'],
  callbacks: ['audit', 'campaigns', 'dnc', 'leads', 'notifications', 'questions'],
  campaigns: ['audit'],
  coaching: ['audit', 'campaigns', 'notifications', 'qc-queue', 'scorecards'],
  crm: ['audit', 'callbacks', 'campaigns', 'dispositions', 'dnc', 'leads', 'questions', 'quotas', 'screen-pop'],
  dashboard: ['campaigns'],
  'data-tables': ['audit', 'campaigns'],
  dialer: ['audit', 'campaigns', 'notifications'],
  'dialer-sync': ['audit', 'dialer', 'dnc', 'notifications', 'quotas'],
  dispositions: ['audit', 'leads', 'questions'],
  disputes: ['audit', 'notifications', 'qc', 'scorecards'],
  dnc: ['audit', 'campaigns', 'lead-import'],
  floor: ['crm', 'screen-pop'],
  health: [],
  'lead-import': ['audit', 'leads'],
  'lead-reports': ['leads'],
  leads: ['audit', 'call-attempts', 'campaigns'],
  logic: ['audit', 'campaigns', 'questions'],
  mfa: ['audit'],
  notifications: [],
  productivity: ['qc-reports', 'suspicious'],
  qc: ['audit', 'clients', 'coaching', 'notifications', 'qc-queue', 'scorecards', 'voicelog'],
  'qc-insights': ['qc', 'qc-reports', 'scorecards'],
  'qc-queue': ['audit', 'campaigns', 'suspicious', 'voicelog'],
  'qc-records': ['audit', 'disputes', 'notifications', 'qc', 'scorecards'],
  'qc-reports': ['clients', 'qc', 'scorecards'],
  questions: ['audit', 'campaigns'],
  quotas: ['audit', 'leads'],
  results: ['clients', 'qc-reports', 'quotas'],
  scorecards: ['audit'],
  'screen-pop': ['dialer'],
  suspicious: ['audit', 'campaigns'],
  users: ['audit', 'mfa'],
  voicelog: ['audit'],
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rooms = (list) => `${SRC}(${list.map((r) => escape(r) + (r.endsWith('/') ? '' : '$')).join('|')})`;

const moduleRules = Object.entries(DIRECTIONS).map(([name, allowed]) => ({
  name: `module-directions-${name}`,
  severity: 'error',
  comment:
    `modules/${name} may import only the modules docs/architecture.md "Module directions" lists for it ` +
    `(${allowed.join(', ') || 'none'}): move what both need to the lower module or to a shared room.`,
  from: { path: `${SRC}modules/${escape(name)}/`, pathNot: TESTS },
  to: { path: `${SRC}modules/`, pathNot: `${SRC}modules/(${[name, ...allowed].map(escape).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export default [
  {
    name: 'server-unknown-module',
    severity: 'error',
    comment: 'A module not in DIRECTIONS (scripts/rooms/server.mjs) and docs/architecture.md "Module directions".',
    from: {
      path: `${SRC}modules/`,
      pathNot: [`${SRC}modules/(${Object.keys(DIRECTIONS).map(escape).join('|')})/`, TESTS],
    },
    to: {},
  },
  ...moduleRules,
  {
    name: 'server-foundation-below-modules',
    severity: 'error',
    comment:
      'db/, http/, auth/ and the app type and config sit below the modules: they import no module and no entry point.',
    from: { path: rooms(FOUNDATION), pathNot: TESTS },
    to: { path: [`${SRC}modules/`, rooms(TOP)] },
  },
  {
    name: 'server-nothing-imports-the-top',
    severity: 'error',
    comment: 'app.ts and the other entry points put the app together: no module imports back up into them.',
    from: { path: `${SRC}modules/`, pathNot: TESTS },
    to: { path: rooms(TOP) },
  },
];
