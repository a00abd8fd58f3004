// The dashboard's campaign cards: each campaign's lead figures (all time), its attempted and completed calls of the days
// chosen (today unless the filter says otherwise, asked of the server), grouped numbers, and its results and productivity.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TDashboardFigures } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { dayText } from '../../app/time-zone.ts';
import { addDays } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { CampaignFigures, calledShare } from './CampaignFigures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const figures: TDashboardFigures = [
  {
    campaignTitle: 'Spring Survey',
    totalLeads: 3400,
    generatedLeads: 1800,
    calledLeads: 450,
    completedLeads: 180,
    sentToDialer: 596,
    attempts: 2900,
    attemptedLeads: 1250,
    completed: 312,
  },
  {
    campaignTitle: 'Customer Care & Co',
    totalLeads: 2900,
    generatedLeads: 1200,
    calledLeads: 620,
    completedLeads: 600,
    sentToDialer: 0,
    attempts: 0,
    attemptedLeads: 0,
    completed: 0,
  },
];

type Ask = { from: string | null; to: string | null };

function renderFigures(route = '/dashboard') {
  storeSession(makeToken());
  const asked: Ask[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/dynamic/dashboard') {
      asked.push({ from: url.searchParams.get('from'), to: url.searchParams.get('to') });
      return Promise.resolve(
        new Response(JSON.stringify(figures), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }
    return new Promise<Response>(() => undefined);
  });
  renderWithApp(<CampaignFigures />, { route });
  return asked;
}

/** The card's label → value lines, as the admin reads them. */
function cardLines(card: HTMLElement): Record<string, string> {
  const lines: Record<string, string> = {};
  for (const label of ['Total Leads', 'Generated', 'Sent to dialer', 'Attempted', 'Calls', 'Completed']) {
    lines[label] = within(card).getByText(label, { exact: true }).nextElementSibling?.textContent ?? '';
  }
  return lines;
}

describe('CampaignFigures', () => {
  it("shows today's attempted and completed calls beside the lead figures, numbers grouped, and links to the campaign's results and productivity", async () => {
    const asked = renderFigures();
    const spring = await screen.findByRole('group', { name: 'Spring Survey' });
    expect(cardLines(spring)).toEqual({
      'Total Leads': '3,400',
      Generated: '1,800',
      'Sent to dialer': '596',
      Attempted: '1,250',
      Calls: '2,900',
      Completed: '312',
    });
    expect(within(spring).getByText('Today')).toBeTruthy();
    expect(within(spring).getByText('All time: attempted 25% of generated, completed 10%')).toBeTruthy();
    expect(asked).toEqual([{ from: dayText(), to: dayText() }]);

    const care = screen.getByRole('group', { name: 'Customer Care & Co' });
    expect(cardLines(care)['Sent to dialer']).toBe('0');
    expect(within(care).getByRole('link', { name: 'Results of Customer Care & Co' }).getAttribute('href')).toBe(
      '/results?campaignName=Customer+Care+%26+Co',
    );
    expect(within(care).getByRole('link', { name: 'Productivity of Customer Care & Co' }).getAttribute('href')).toBe(
      '/productivity?campaignName=Customer+Care+%26+Co',
    );
  });

  it('asks yesterday and the last 7 days when chosen, and keeps the choice in the address', async () => {
    const asked = renderFigures();
    await screen.findByRole('group', { name: 'Spring Survey' });
    fireEvent.click(screen.getByRole('radio', { name: 'Yesterday' }));
    const yesterday = addDays(dayText(), -1);
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: yesterday, to: yesterday }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?period=yesterday');
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: addDays(dayText(), -6), to: dayText() }));
    expect(await screen.findAllByText('Last 7 days')).not.toHaveLength(0);
  });

  it('asks a range once both days are typed, and says why a reversed range is not asked', async () => {
    const asked = renderFigures('/dashboard?period=range');
    expect(screen.getByRole('alert').textContent).toBe('Choose the first and the last day');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-12' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-10' } });
    expect(screen.getByRole('alert').textContent).toBe('The end date must be on or after the start date');
    expect(asked).toEqual([]);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(asked).toEqual([{ from: '2026-03-01', to: '2026-03-10' }]));
    expect((await screen.findAllByText('2026-03-01 to 2026-03-10')).length).toBeGreaterThan(0);
  });
});

describe('calledShare', () => {
  it('is the attempted share of generated leads, 0 when nothing is generated, never over 100', () => {
    const campaign = { campaignTitle: 'A', totalLeads: 10, completedLeads: 0, sentToDialer: 0 };
    expect(calledShare({ ...campaign, generatedLeads: 4, calledLeads: 1 })).toBe(25);
    expect(calledShare({ ...campaign, generatedLeads: 0, calledLeads: 0 })).toBe(0);
    expect(calledShare({ ...campaign, generatedLeads: 2, calledLeads: 3 })).toBe(100);
  });
});
