// The lead browser of a campaign with 3,400 leads (136 pages of 25): Last reaches the last page, a typed page number
// goes to that page, First comes back, each asking the server for that page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLead } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TSentRequest } from './lead-actions-test-fetch.ts';
import { LeadBrowser } from './LeadBrowser.tsx';

afterEach(() => vi.restoreAllMocks());

const TOTAL = 3400;
const LEADS = '/dynamic/leads/Spring Survey';

const lead = (n: number): TLead => ({
  id: n, did: '', data_status: 'valid', br_id: 'BR-1', region: '', territory: '', area: '', respondent_name: `Respondent ${n}`,
  cell_number: `+8801711${String(n).padStart(6, '0')}`, data_date: '2025-03-01', brand: '', target_selector: 'Dhaka',
  for_d: '', generate_status: 0, is_called: 0, createdAt: '2025-03-01T10:00:00.000Z',
});

/** Each page answers with its slice of the 3,400 leads, numbered from 1. */
function leadPage(request: TSentRequest) {
  const page = Number(request.query.page);
  const size = Number(request.query.size);
  const count = Math.max(0, Math.min(size, TOTAL - page * size));
  const content = Array.from({ length: count }, (_, i) => lead(page * size + i + 1));
  return { body: { recordCount: TOTAL, response: { content, totalElements: TOTAL, totalPages: Math.ceil(TOTAL / size), size, number: page } } };
}

describe('LeadBrowser', () => {
  it('reaches the last of 136 pages with Last, goes to a typed page and back with First', async () => {
    storeSession(makeToken());
    const server = fakeServer({ [`GET ${LEADS}`]: leadPage });
    renderWithApp(<LeadBrowser campaign="Spring Survey" onClose={() => undefined} />, { route: '/leads' });
    const browser = within(await screen.findByRole('region', { name: 'Lead browser' }));
    expect(await browser.findByText('Respondent 1')).toBeTruthy();
    const lastPage = () => server.sent.filter((r) => r.path === LEADS).at(-1)?.query.page;

    fireEvent.click(browser.getByRole('button', { name: 'Last page' }));
    expect(await browser.findByText('Respondent 3400')).toBeTruthy();
    expect(lastPage()).toBe('135');
    expect(browser.getByText('Showing 3376 to 3400 of 3400 entries')).toBeTruthy();
    expect(browser.getByRole('button', { name: '136' }).getAttribute('aria-current')).toBe('page');
    expect((browser.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    const pageBox = browser.getByRole<HTMLInputElement>('textbox', { name: 'Page number, 1 to 136' });
    expect(pageBox.value).toBe('136');
    fireEvent.change(pageBox, { target: { value: '57' } });
    fireEvent.keyDown(pageBox, { key: 'Enter' });
    expect(await browser.findByText('Respondent 1401')).toBeTruthy();
    expect(lastPage()).toBe('56');

    fireEvent.click(browser.getByRole('button', { name: 'First page' }));
    expect(await browser.findByText('Respondent 1')).toBeTruthy();
    expect(lastPage()).toBe('0');
    await waitFor(() => expect(pageBox.value).toBe('1'));
  });
});
