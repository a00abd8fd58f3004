import { describe, expect, it } from 'vitest';
import { APP_ROUTES, LANDING_PAGES, MENUS_BY_ROLE, ROLES, canOpen } from '../index.ts';

// Spec §2 "Routes", in its order (login and the empty path are the sign-in screen, outside the shell).
const SPEC_ROUTES = [
  'dashboard',
  'agents',
  'editAgent/:id',
  'campaign',
  'editCampaign/:id',
  'dataTables',
  'createTable',
  'question',
  'createQuestions',
  'question/create',
  'editQuestion/:id',
  'logicSetting',
  'logicManagement/:campaignName',
  'setLogics',
  'updateLogics',
  'leads',
  'generateLead',
  'reGenerateLead',
  'deleteLeads',
  'reports',
  'viewFullCRM',
  'CRM',
  'agent-performance',
  'qcChecking',
  'editqc/:id',
  'editClientqc/:id',
  'viewQcReports',
  'QcReports',
  'QcRecordsClient',
  'flag-raised',
];

describe('app routes', () => {
  it('has every screen of the spec', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    for (const p of SPEC_ROUTES) expect(paths).toContain(`/${p}`);
  });

  it('lets every role open its landing page and every item of its menus', () => {
    for (const role of ROLES) {
      expect(canOpen(role, LANDING_PAGES[role])).toBe(true);
      for (const menu of MENUS_BY_ROLE[role])
        for (const item of menu.items) expect(canOpen(role, item.path), `${role} ${item.path}`).toBe(true);
    }
  });

  it('keeps administration from agents and QC inspectors, and QC screens from agents', () => {
    for (const path of ['/dashboard', '/agents', '/campaign', '/leads', '/users']) {
      expect(canOpen('AGENT', path)).toBe(false);
      expect(canOpen('QC', path)).toBe(false);
    }
    expect(canOpen('AGENT', '/qcChecking')).toBe(false);
    expect(canOpen('QC', '/CRM')).toBe(false);
    expect(canOpen('ADMIN', '/no-such-screen')).toBe(false);
  });
});
