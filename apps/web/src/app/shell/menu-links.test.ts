// Sidebar links: campaign-carrying CRM links and which item is highlighted.
import { describe, expect, it } from 'vitest';
import { isMenuItemActive, menuHref } from './menu-links.ts';

describe('menuHref', () => {
  it("adds the agent's campaign to the CRM screens only", () => {
    expect(menuHref({ label: 'CRM', path: '/CRM' }, 'Mobile & Co')).toBe('/CRM?campaignName=Mobile%20%26%20Co');
    expect(menuHref({ label: 'View Full CRM', path: '/viewFullCRM' }, 'Mobile')).toBe('/viewFullCRM?campaignName=Mobile');
    expect(menuHref({ label: 'QC Review', path: '/agent-performance' }, 'Mobile')).toBe('/agent-performance');
    expect(menuHref({ label: 'CRM', path: '/CRM' }, undefined)).toBe('/CRM');
  });
});

describe('isMenuItemActive', () => {
  it('matches the item and its sub-pages, not look-alike prefixes', () => {
    const question = { label: 'Question', path: '/question' };
    expect(isMenuItemActive(question, '/question')).toBe(true);
    expect(isMenuItemActive(question, '/question/create')).toBe(true);
    expect(isMenuItemActive(question, '/questions')).toBe(false);
    expect(isMenuItemActive({ label: 'CRM', path: '/CRM' }, '/crm')).toBe(true);
  });
});
