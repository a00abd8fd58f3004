// /leads: one row per campaign's lead table with its figures, the template per row, and the lead browser's filters reaching the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TDashboard, TDataTable, TLead } from '@crm/shared';
import { formatDateTimeMinutes } from '../../app/time-zone.ts';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import LeadsPage from './LeadsPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const table = (id: number, campaignName: string): TDataTable => ({
  id,
  name: campaignName,
  campaignName,
  numberOfField: 1,
  columns: ['Outlet'],
  createAt: '2025-01-01T00:00:00.000Z',
});
const paged = <T,>(content: T[], total = content.length, number = 0, size = 10) => ({
  recordCount: total,
  response: { content, totalElements: total, totalPages: Math.ceil(total / size), size, number },
});
const figures: TDashboard = [
  { campaignTitle: 'Eid Offer', totalLeads: 0, generatedLeads: 0, calledLeads: 0, completedLeads: 0, sentToDialer: 0 },
  {
    campaignTitle: 'Spring Survey',
    totalLeads: 1200,
    generatedLeads: 300,
    calledLeads: 45,
    completedLeads: 30,
    sentToDialer: 0,
  },
];
const lead = (n: number, extra: TLead = {}): TLead => ({
  id: n,
  did: '',
  data_status: 'valid',
  br_id: 'BR-1',
  region: '',
  territory: '',
  area: '',
  respondent_name: `Respondent ${n}`,
  cell_number: `+88017110000${String(n).padStart(2, '0')}`,
  data_date: '2025-03-01',
  brand: '',
  target_selector: 'Dhaka',
  for_d: '',
  generate_status: 0,
  is_called: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  ...extra,
});

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

function renderPage() {
  storeSession(makeToken());
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/dt/pagination/'))
      return json(paged([table(1, 'Spring Survey'), table(2, 'Eid Offer')]));
    if (url.pathname === '/dynamic/dashboard') return json(figures);
    if (url.pathname === '/dynamic/unique_data_dates/Spring%20Survey') return json(['2025-03-01', null, '2025-03-02']);
    if (url.pathname === '/dynamic/leads/Spring%20Survey') {
      const page = paged(
        [lead(1, { for_d: 'd', generate_status: 2, is_called: 1, Q1: 'Yes', Q2: 'Dhaka' }), lead(2)],
        60,
        0,
        25,
      );
      const calls = [
        {
          leadId: 1,
          attempts: 2,
          lastDisposition: 'COMPLETE',
          lastDispositionName: 'Completed',
          lastAgentId: 'AG-1001',
          lastCallAt: '2025-03-01T05:04:00.000Z',
        },
        {
          leadId: 2,
          attempts: 0,
          lastDisposition: null,
          lastDispositionName: null,
          lastAgentId: null,
          lastCallAt: null,
        },
      ];
      return json({
        ...page,
        calls,
        cursors: { next: '2025-03-01,2', previous: url.searchParams.has('after') ? '2025-03-01,1' : null },
      });
    }
    if (url.pathname === '/api/file/download/columns/csv')
      return Promise.resolve(
        new Response('cell_number,data_date\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      );
    return new Promise<Response>(() => undefined);
  });
  renderWithApp(<LeadsPage />, { route: '/leads' });
  return fetch;
}

const leadCalls = (fetch: ReturnType<typeof renderPage>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname.startsWith('/dynamic/leads/'));

describe('LeadsPage', () => {
  it("lists each campaign's lead table with its total, generated, called and completed leads, and links to the lead actions", async () => {
    renderPage();
    const list = await screen.findByRole('table', { name: 'Lead List' });
    const cells = (campaign: string) =>
      Array.from(within(list).getByText(campaign).closest('tr')?.children ?? [], (c) => c.textContent).slice(0, 5);
    await waitFor(() => expect(cells('Spring Survey')).toEqual(['Spring Survey', '1,200', '300', '45', '30']));
    expect(cells('Eid Offer')).toEqual(['Eid Offer', '0', '0', '0', '0']);
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Generate leads' }).getAttribute('href')).toBe('/generateLead');
    expect(screen.getByRole('link', { name: 'Regenerate leads' }).getAttribute('href')).toBe('/reGenerateLead');
    expect(screen.getByRole('link', { name: 'Delete leads' }).getAttribute('href')).toBe('/deleteLeads');
  });

  it("downloads a campaign's template as {campaign}_columns.csv", async () => {
    const fetch = renderPage();
    const saved: string[] = [];
    // jsdom has no blob URLs; the browser's own download is what is checked here.
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL: () => 'blob:template', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the Spring Survey template' }));
    await waitFor(() => expect(saved).toEqual(['Spring Survey_columns.csv']));
    const asked = fetch.mock.calls
      .map(([input]) => String(input))
      .find((u) => u.startsWith('/api/file/download/columns/csv'));
    expect(asked).toBe('/api/file/download/columns/csv?tableName=Spring+Survey');
  });

  it("browses a campaign's leads and sends the date, status and phone filters", async () => {
    const fetch = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Browse the leads of Spring Survey' }));
    const leads = await screen.findByRole('table', { name: 'Leads of Spring Survey' });
    await waitFor(() => expect(within(leads).getAllByRole('row')).toHaveLength(3));
    const [header, first, second] = within(leads)
      .getAllByRole('row')
      .map((r) => Array.from(r.children, (c) => c.textContent));
    expect(header).toEqual([
      'Cell number',
      'Respondent',
      'Data date',
      'Target selector',
      'BR ID',
      'Data status',
      'Generated',
      'Called',
      'Completed',
      'Last disposition',
      'Answers',
    ]);
    expect(first).toEqual([
      '+8801711000001',
      'Respondent 1',
      '2025-03-01',
      'Dhaka',
      'BR-1',
      'valid',
      'Yes, regenerate batch 2',
      '2 calls▾',
      'Yes',
      `CompletedAG-1001 · ${formatDateTimeMinutes('2025-03-01T05:04:00.000Z')}`,
      'Q1: Yes · Q2: Dhaka',
    ]);
    expect(second?.slice(7, 10)).toEqual(['Not called', 'No', '—']);
    expect(screen.getByText('Showing 1 to 2 of 60 entries')).toBeTruthy(); // the rows the page holds

    const dates = screen.getByLabelText('Data date') as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(dates.options).map((o) => o.value)).toEqual(['', '2025-03-02', '2025-03-01']),
    );
    fireEvent.change(dates, { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: ' 01711-000001 ' } });
    await waitFor(() => expect(leadCalls(fetch).some((u) => u.searchParams.get('phone') !== null)).toBe(true));
    const last = leadCalls(fetch).at(-1);
    expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
      size: '25',
      dataDate: '2025-03-01',
      status: 'completed',
      phone: '01711-000001',
    });

    fireEvent.click(within(screen.getByRole('region', { name: 'Lead browser' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(leadCalls(fetch).at(-1)?.searchParams.get('after')).toBe('2025-03-01,2'));

    fireEvent.click(screen.getByRole('button', { name: 'Close the lead browser' }));
    expect(screen.queryByRole('table', { name: 'Leads of Spring Survey' })).toBeNull();
  });
});
