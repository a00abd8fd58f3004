import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, MENUS_BY_ROLE, QC_MENU, REPORTS_MENU } from '@crm/shared';
import { menuStates, isMenuItemActive, menuHref, routeOf } from './menu-links.ts';

describe('menu links', () => {
  it("carry the agent's campaign to the CRM screens only", () => {
    expect(menuHref({ label: 'CRM', path: '/CRM' }, 'Mobile Survey')).toBe('/CRM?campaignName=Mobile%20Survey');
    expect(menuHref({ label: 'Agents', path: '/agents' }, 'Mobile Survey')).toBe('/agents');
  });

  it('stay highlighted on their sub-pages and the screens opened from them', () => {
    const active = (path: string, pathname: string) => isMenuItemActive({ label: '', path }, pathname);
    expect(active('/question', '/question/create')).toBe(true);
    expect(active('/agents', '/editAgent/12')).toBe(true);
    expect(active('/dataTables', '/createTable')).toBe(true);
    expect(active('/logicSetting', '/logicManagement/Mobile%20Survey')).toBe(true);
    expect(active('/leads', '/generateLead')).toBe(true);
    expect(active('/viewQcReports', '/editqc/7')).toBe(true);
    expect(active('/QcRecordsClient', '/editClientqc/7')).toBe(true);
    expect(active('/agents', '/campaign')).toBe(false);
    expect(active('/viewQcReports', '/editClientqc/7')).toBe(false);
  });

  it('find the screen of a location by its route pattern', () => {
    expect(routeOf('/editAgent/12')?.path).toBe('/editAgent/:id');
    expect(routeOf('/nowhere')).toBeUndefined();
  });

  it('keep a folded menu folded, unless it holds the page shown', () => {
    const admin = MENUS_BY_ROLE.ADMIN;
    const state = menuStates(admin, [QC_MENU.title, REPORTS_MENU.title], '/editqc/7');
    // QC Records Inhouse is active on /editqc/7: its menu stays open though folded on this desk.
    expect(state.get(QC_MENU.title)).toEqual({ open: true, holdsActive: true });
    expect(state.get(REPORTS_MENU.title)).toEqual({ open: false, holdsActive: false });
    expect(state.get(ADMIN_MENU.title)).toEqual({ open: true, holdsActive: false });
  });
});
