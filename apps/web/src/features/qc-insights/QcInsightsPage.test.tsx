// /qcInsights: the range asks the server, each tab shows its table from the reply, a section's export follows a link
// with a media token, a bad range is named and asks nothing, and a failing reply is shown with a retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TQcInsights } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import QcInsightsPage, { INSIGHTS_FAILED } from './QcInsightsPage.tsx';

/** A criterion of "Standard" scored on every record: no per-version split. */
const STANDARD = { scorecardId: 1, scorecard: 'Standard', records: 7, versions: [] };

afterEach(() => vi.restoreAllMocks());

const none = {
  raised: 0,
  criteria: 0,
  accepted: 0,
  rejected: 0,
  changed: 0,
  awaiting: 0,
  escalated: 0,
  medianHoursToAnswer: null,
};
const INSIGHTS: TQcInsights = {
  campaignName: null,
  floor: { records: 7, meanTotal: 72.14 },
  leanThreshold: 5,
  minLeanRecords: 10,
  agents: [
    {
      agentId: 'babul',
      agentName: 'Babul Mia',
      records: 3,
      meanTotal: 93.33,
      grade: 'Exceed Expectation',
      weeks: [{ weekStart: '2026-03-02', records: 3, meanTotal: 93.33, grade: 'Exceed Expectation' }],
      weakest: [{ criterion: 'liveliness', name: 'Liveliness', meanLost: 3.33 }],
      acknowledgements: { unacknowledged: 0, overdue: 0 },
    },
    {
      agentId: 'rina',
      agentName: 'Rina Akter',
      records: 4,
      meanTotal: 56.25,
      grade: 'Below Expectation',
      weeks: [
        { weekStart: '2026-03-02', records: 2, meanTotal: 80, grade: 'Meet Expectation' },
        { weekStart: '2026-03-09', records: 2, meanTotal: 32.5, grade: 'Below Expectation' },
      ],
      weakest: [{ criterion: 'fatal', name: 'Fatal', meanLost: 25 }],
      acknowledgements: { unacknowledged: 3, overdue: 2 },
    },
  ],
  criteria: [
    {
      criterion: 'greetings',
      name: 'Greetings',
      maxMarks: 0,
      marksLost: 10,
      meanLost: 1.43,
      recordsLosing: 2,
      ...STANDARD,
    },
    { criterion: 'crm', name: 'CRM', maxMarks: 20, marksLost: 50, meanLost: 7.14, recordsLosing: 3, ...STANDARD },
  ],
  inspectors: [
    {
      inspectorId: 1,
      inspector: 'inspector-a',
      inspectorName: 'Anika Rahman',
      records: 12,
      meanTotal: 86.25,
      difference: 14.11,
      lean: 'lenient',
      disputes: { ...none, raised: 3, accepted: 1, rejected: 3, changed: 1, escalated: 2, medianHoursToAnswer: 6 },
    },
  ],
  acknowledgements: { unacknowledged: 3, overdue: 2 },
};

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer({ 'GET /api/qcInsights': { body: INSIGHTS }, ...routes });
  const followed: { href: string | null; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push({ href: this.getAttribute('href'), download: this.download });
  });
  renderWithApp(<QcInsightsPage />, { route: '/qcInsights' });
  return { server, followed };
}

const setValue = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));

describe('QcInsightsPage', () => {
  it("shows the agents, a picked agent's weeks, the criteria and the inspectors of the range", async () => {
    const { server } = renderPage();
    setValue('Start', '2026-03-02');
    setValue('End', '2026-03-15');
    const agents = await screen.findByRole('table', { name: 'Agents, 2026-03-02 to 2026-03-15' });
    expect(rowsOf(agents).slice(1)).toEqual([
      ['Babul Mia', '3', '93.3', 'Exceed Expectation', '0', '0', 'Liveliness 3.3', 'Coach'],
      ['Rina Akter', '4', '56.3', 'Below Expectation', '3', '2', 'Fatal 25.0', 'Coach'],
    ]);
    // Coach opens the New coaching session form with the agent and the weakest criteria (no campaign chosen here).
    expect(
      within(agents).getByRole('link', { name: 'Coach Rina Akter on their weakest criteria' }).getAttribute('href'),
    ).toBe('/coaching?new=1&agentId=rina&focus=fatal');
    expect(server.sent.at(-1)?.query).toEqual({ startDate: '2026-03-02', endDate: '2026-03-15' });
    expect(screen.getByRole('table', { name: 'Weeks of Babul Mia' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rina Akter' }));
    expect(rowsOf(screen.getByRole('table', { name: 'Weeks of Rina Akter' })).slice(1)).toEqual([
      ['2026-03-02', '2', '80.0', 'Meet Expectation'],
      ['2026-03-09', '2', '32.5', 'Below Expectation'],
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Criteria' }));
    // Worst first, as the chart: CRM before Greetings, though Greetings comes first on the scorecard.
    expect(
      rowsOf(await screen.findByRole('table', { name: 'Marks lost per criterion, 2026-03-02 to 2026-03-15' })).slice(1),
    ).toEqual([
      ['CRM', '20', '50', '7.14', '3'],
      ['Greetings', '0', '10', '1.43', '2'],
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Inspectors (1)' }));
    expect(rowsOf(await screen.findByRole('table', { name: 'Inspectors, 2026-03-02 to 2026-03-15' })).slice(1)).toEqual(
      [['Anika Rahman', '12', '86.3', '+14.1', 'lenient', '3', '1', '3', '1', '2', '6.0 h']],
    );
    // The account's name, the username as its tooltip.
    expect(screen.getByRole('cell', { name: 'Anika Rahman' }).getAttribute('title')).toBe('inspector-a');
  });

  it("links each agent's and the range's unacknowledged and overdue records to their list", async () => {
    renderPage();
    setValue('Start', '2026-03-02');
    setValue('End', '2026-03-15');
    const agents = await screen.findByRole('table', { name: 'Agents, 2026-03-02 to 2026-03-15' });
    const range = 'startDate=2026-03-02&endDate=2026-03-15';
    expect(
      within(agents)
        .getByRole('link', { name: '3 records of Rina Akter awaiting acknowledgement' })
        .getAttribute('href'),
    ).toBe(`/qc-acknowledgements?agentId=rina&${range}`);
    expect(
      within(agents).getByRole('link', { name: '2 overdue acknowledgements of Rina Akter' }).getAttribute('href'),
    ).toBe(`/qc-acknowledgements?state=overdue&agentId=rina&${range}`);
    const total = screen.getByTestId('acknowledgements-total');
    expect(total.textContent).toBe('Unacknowledged: 3 · overdue: 2');
    expect(within(total).getByRole('link', { name: '2' }).getAttribute('href')).toBe(
      `/qc-acknowledgements?state=overdue&${range}`,
    );
  });

  it('asks again while another heavy read of the user still runs (429), then shows the range', async () => {
    let calls = 0;
    renderPage({
      'GET /api/qcInsights': () => {
        calls += 1;
        return calls === 1
          ? { status: 429, body: { message: 'A report, export or print of yours is already running.' } }
          : { body: INSIGHTS };
      },
    });
    setValue('Start', '2026-03-02');
    setValue('End', '2026-03-15');
    expect(
      await screen.findByRole('table', { name: 'Agents, 2026-03-02 to 2026-03-15' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(INSIGHTS_FAILED)).toBeNull();
  });

  it('exports a section and everything through links with a media token', async () => {
    const { followed } = renderPage();
    setValue('Start', '2026-03-02');
    setValue('End', '2026-03-15');
    await screen.findByRole('table', { name: 'Agents, 2026-03-02 to 2026-03-15' });
    fireEvent.click(screen.getByRole('button', { name: 'Export agents' }));
    expect(await screen.findByText('Saving QC_Insights_agents_2026-03-02_to_2026-03-15.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export all (xlsx)' }));
    expect(await screen.findByText('Saving QC_Insights_2026-03-02_to_2026-03-15.xlsx')).toBeTruthy();
    expect(followed.map((f) => f.href)).toEqual([
      '/api/qcInsights/export?startDate=2026-03-02&endDate=2026-03-15&section=agents&token=media.token',
      '/api/qcInsights/export?startDate=2026-03-02&endDate=2026-03-15&token=media.token',
    ]);
  });

  it('names a reversed range and asks the server nothing for it', async () => {
    const { server } = renderPage();
    await screen.findByRole('tab', { name: 'Criteria' });
    const before = server.count('GET', '/api/qcInsights');
    // The end first: the range is reversed from the start (four weeks ago) on, so nothing valid is ever asked for.
    setValue('End', '2026-03-15');
    setValue('Start', '2026-03-20');
    expect(screen.getByRole('alert').textContent).toBe('The end date must be on or after the start date');
    expect(screen.queryByRole('button', { name: 'Export all (xlsx)' })).toBeNull();
    expect(server.count('GET', '/api/qcInsights')).toBe(before);
  });

  it('shows a failing reply with its message and a retry', async () => {
    renderPage({
      'GET /api/qcInsights': {
        status: 400,
        body: { message: 'querystring.endDate: The range can be at most 366 days' },
      },
    });
    expect(await screen.findByText(INSIGHTS_FAILED)).toBeTruthy();
    expect(screen.getByText('querystring.endDate: The range can be at most 366 days')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry/i })).toBeTruthy();
  });
});
