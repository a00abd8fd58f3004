// The dashboard's campaign cards: each campaign's lead figures (Called is attempted, Completed beside it) and how many
// of its leads were sent to the dialer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TDashboard } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { CampaignFigures, calledShare } from './CampaignFigures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const figures: TDashboard = [
  {
    campaignTitle: 'Spring Survey',
    totalLeads: 3400,
    generatedLeads: 1800,
    calledLeads: 450,
    completedLeads: 180,
    sentToDialer: 596,
  },
  {
    campaignTitle: 'Customer Care',
    totalLeads: 2900,
    generatedLeads: 1200,
    calledLeads: 620,
    completedLeads: 600,
    sentToDialer: 0,
  },
];

function renderFigures() {
  storeSession(makeToken());
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    if (new URL(String(input), 'http://localhost').pathname === '/dynamic/dashboard') {
      return Promise.resolve(
        new Response(JSON.stringify(figures), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }
    return new Promise<Response>(() => undefined);
  });
  renderWithApp(<CampaignFigures />, { route: '/dashboard' });
}

/** The card's label → value lines, as the admin reads them. */
function cardLines(card: HTMLElement): Record<string, string> {
  const lines: Record<string, string> = {};
  for (const label of ['Total Leads', 'Generated', 'Called', 'Completed', 'Sent to dialer']) {
    lines[label] = within(card).getByText(label, { exact: true }).nextElementSibling?.textContent ?? '';
  }
  return lines;
}

describe('CampaignFigures', () => {
  it("shows on each campaign's card its lead figures, completed beside called, and the leads sent to the dialer, 0 before any send", async () => {
    renderFigures();
    const spring = await screen.findByRole('group', { name: 'Spring Survey' });
    expect(cardLines(spring)).toEqual({
      'Total Leads': '3400',
      Generated: '1800',
      Called: '450',
      Completed: '180',
      'Sent to dialer': '596',
    });
    expect(within(spring).getByText('Called 25% of generated, completed 10%')).toBeTruthy();
    expect(cardLines(screen.getByRole('group', { name: 'Customer Care' }))['Sent to dialer']).toBe('0');
  });
});

describe('calledShare', () => {
  it('is the called share of generated leads, 0 when nothing is generated, never over 100', () => {
    const campaign = { campaignTitle: 'A', totalLeads: 10, completedLeads: 0, sentToDialer: 0 };
    expect(calledShare({ ...campaign, generatedLeads: 4, calledLeads: 1 })).toBe(25);
    expect(calledShare({ ...campaign, generatedLeads: 0, calledLeads: 0 })).toBe(0);
    expect(calledShare({ ...campaign, generatedLeads: 2, calledLeads: 3 })).toBe(100);
  });
});
