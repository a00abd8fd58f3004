// /qc-acknowledgements: the rows the address asks for, overdue ones marked apart from those still in their window,
// each with its record's link; filters and pages written to the address; the server's refusal shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TUnacknowledgedPage, TUnacknowledgedRecord } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import UnacknowledgedPage, { LIST_FAILED } from './UnacknowledgedPage.tsx';

afterEach(() => vi.restoreAllMocks());

function record(id: number, over: Partial<TUnacknowledgedRecord> = {}): TUnacknowledgedRecord {
  return {
    qcRecordId: id,
    callDate: '2026-11-20',
    agentId: 'AG-1001',
    agentName: 'Rina Akter',
    campaignName: 'Spring Survey',
    qcInspector: 'qc.rahman',
    total: 85,
    grade: 'Meet Expectation',
    scoredAt: '2026-11-20T10:00:00.000Z',
    dueAt: '2026-11-23T10:00:00.000Z',
    daysOverdue: 4,
    overdue: true,
    windowDays: 3,
    ...over,
  };
}

function paged(content: TUnacknowledgedRecord[], total = content.length, page = 0, size = 10): TUnacknowledgedPage {
  return {
    recordCount: total,
    response: { content, totalElements: total, totalPages: Math.ceil(total / size), size, number: page },
  };
}

const LIST = 'GET /api/qc-records/unacknowledged';
const location = () => screen.getByTestId('location').textContent;

function renderList(route: string, routes: Record<string, TFakeRoute>) {
  storeSession(makeToken({ userName: 'qc.rahman', roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }] }));
  const server = fakeServer({
    'GET /api/qcReport/agents': { body: [{ agentId: 'AG-1001', name: 'Rina Akter' }] },
    ...routes,
  });
  renderWithApp(<UnacknowledgedPage />, { route });
  return server;
}
const listCalls = (server: ReturnType<typeof renderList>) => server.sent.filter((r) => r.path === LIST.slice(4));

describe('UnacknowledgedPage', () => {
  it('marks the overdue rows apart from those still in their window, each linking to its record', async () => {
    const server = renderList('/qc-acknowledgements', {
      [LIST]: {
        body: paged([
          record(12),
          record(14, { overdue: false, daysOverdue: 0, dueAt: '2026-12-09T10:00:00.000Z', windowDays: 5 }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Unacknowledged QC records' });
    const [, late, inWindow] = within(table).getAllByRole('row');
    expect(within(late!).getByText('Overdue')).toBeTruthy();
    expect(within(late!).getByText('4')).toBeTruthy();
    expect(within(late!).getByText('Rina Akter (AG-1001)')).toBeTruthy();
    expect(within(late!).getByRole('link', { name: 'Open QC record 12' }).getAttribute('href')).toBe('/editqc/12');
    expect(within(inWindow!).getByText('Awaiting')).toBeTruthy();
    expect(within(inWindow!).queryByText('Overdue')).toBeNull();
    expect(listCalls(server)[0]?.query).toEqual({ state: 'all', page: '0', size: '10' });
  });

  it('asks for what the address names (the overdue notification link) and writes filter changes back', async () => {
    const server = renderList('/qc-acknowledgements?state=overdue&agentId=AG-1001', {
      [LIST]: { body: paged([record(12)]) },
    });
    await screen.findByRole('table', { name: 'Unacknowledged QC records' });
    expect(listCalls(server)[0]?.query).toEqual({ state: 'overdue', agentId: 'AG-1001', page: '0', size: '10' });
    fireEvent.click(screen.getByText('All unacknowledged'));
    await waitFor(() => expect(location()).toBe('/qc-acknowledgements?agentId=AG-1001'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toMatchObject({ state: 'all', agentId: 'AG-1001' }));
  });

  it('pages with the house pager, the page kept in the address', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => record(100 + i));
    const server = renderList('/qc-acknowledgements', {
      [LIST]: (req) => ({ body: paged(rows, 60, Number(req.query.page)) }),
    });
    expect(await screen.findByText('Showing 1 to 10 of 60 entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/qc-acknowledgements?page=2'));
    expect(await screen.findByText('Showing 11 to 20 of 60 entries')).toBeTruthy();
    expect(listCalls(server).at(-1)?.query).toMatchObject({ page: '1' });
  });

  it("says so when nothing is left, and shows the server's refusal", async () => {
    renderList('/qc-acknowledgements?state=overdue', { [LIST]: { body: paged([]) } });
    expect(await screen.findByText('No overdue acknowledgements for these filters')).toBeTruthy();
    vi.restoreAllMocks();
    renderList('/qc-acknowledgements?startDate=2026-11-01', {
      [LIST]: { status: 400, body: { message: 'querystring.endDate: endDate must be a date written yyyy-MM-dd' } },
    });
    expect(await screen.findByText(LIST_FAILED)).toBeTruthy();
    expect(screen.getByText(/endDate must be a date written yyyy-MM-dd/)).toBeTruthy();
  });
});
