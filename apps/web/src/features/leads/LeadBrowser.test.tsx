// The lead browser of a campaign with 3,400 leads (136 pages of 25), paged by key: Last reaches the last page at once,
// Previous and Next go by the cursors of the page shown, First comes back; no page numbers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TLead } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TSentRequest } from './lead-actions-test-fetch.ts';
import { LeadBrowser } from './LeadBrowser.tsx';

afterEach(() => vi.restoreAllMocks());

const TOTAL = 3400;
const LEADS = '/dynamic/leads/Spring Survey';
const DATE = '2025-03-01';

const lead = (n: number): TLead => ({
  id: n, did: '', data_status: 'valid', br_id: 'BR-1', region: '', territory: '', area: '', respondent_name: `Respondent ${n}`,
  cell_number: `+8801711${String(n).padStart(6, '0')}`, data_date: DATE, brand: '', target_selector: 'Dhaka',
  for_d: '', generate_status: 0, is_called: 0, createdAt: '2025-03-01T10:00:00.000Z',
});

/** Leads 1 … 3400 of one date, answered by key as the server does (ids in upload order). */
function leadPage(request: TSentRequest) {
  const size = Number(request.query.size);
  const idOf = (cursor: string) => Number(cursor.split(',')[1]);
  let [first, last, number] = [1, Math.min(size, TOTAL), 0];
  if (request.query.after !== undefined) [first, last, number] = [idOf(request.query.after) + 1, Math.min(idOf(request.query.after) + size, TOTAL), -1];
  if (request.query.before !== undefined) [first, last, number] = [Math.max(idOf(request.query.before) - size, 1), idOf(request.query.before) - 1, -1];
  if (request.query.last !== undefined) [first, last, number] = [TOTAL - ((TOTAL - 1) % size), TOTAL, Math.ceil(TOTAL / size) - 1];
  const content = Array.from({ length: last - first + 1 }, (_, i) => lead(first + i));
  const cursors = { next: last < TOTAL ? `${DATE},${last}` : null, previous: first > 1 ? `${DATE},${first}` : null };
  return { body: { recordCount: TOTAL, response: { content, totalElements: TOTAL, totalPages: Math.ceil(TOTAL / size), size, number }, cursors } };
}

describe('LeadBrowser', () => {
  it('reaches the last of 136 pages with Last, steps back and forth by cursor, and comes back with First', async () => {
    storeSession(makeToken());
    const server = fakeServer({ [`GET ${LEADS}`]: leadPage });
    renderWithApp(<LeadBrowser campaign="Spring Survey" onClose={() => undefined} />, { route: '/leads' });
    const browser = within(await screen.findByRole('region', { name: 'Lead browser' }));
    expect(await browser.findByText('Respondent 1')).toBeTruthy();
    expect(browser.getByText('Showing 1 to 25 of 3400 entries')).toBeTruthy();
    expect(browser.queryByRole('button', { name: '2' })).toBeNull();
    const lastQuery = () => server.sent.filter((r) => r.path === LEADS).at(-1)?.query;
    const button = (name: string) => browser.getByRole<HTMLButtonElement>('button', { name });

    fireEvent.click(button('Last page'));
    expect(await browser.findByText('Respondent 3400')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25', last: 'true' });
    expect(browser.getByText('Showing 3376 to 3400 of 3400 entries')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);

    fireEvent.click(button('Previous'));
    expect(await browser.findByText('Respondent 3351')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25', before: `${DATE},3376` });
    expect(browser.getByText('Showing 3351 to 3375 of 3400 entries')).toBeTruthy();

    fireEvent.click(button('First page'));
    expect(await browser.findByText('Respondent 1')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25' });
    expect(button('Previous').disabled).toBe(true);

    fireEvent.click(button('Next'));
    expect(await browser.findByText('Respondent 26')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25', after: `${DATE},25` });
    expect(browser.getByText('Showing 26 to 50 of 3400 entries')).toBeTruthy();
  });
});
