// The quotas editor: the list with count/limit and Full, adding a quota on a field or a question (the value chosen
// from a choice question's options), changing a limit, deleting after the confirmation, and the form's refusals.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TQuestion, TQuota } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { QuotasPanel } from './QuotasPanel.tsx';

afterEach(() => vi.restoreAllMocks());

const q = (id: number, qno: string, over: Partial<TQuestion> = {}): TQuestion => ({
  id,
  qno,
  campaignId: 'Spring Survey',
  title: `Question ${qno}`,
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const QUESTIONS = [q(1, 'Q1'), q(2, 'Q2', { type: 'Text Input', options: '' })];

const quota = (over: Partial<TQuota>): TQuota => ({
  id: 1,
  campaignName: 'Spring Survey',
  field: 'region',
  questionNo: null,
  value: 'Dhaka',
  limit: 300,
  count: 120,
  full: false,
  ...over,
});
const QUOTAS = [
  quota({}),
  quota({ id: 2, field: null, questionNo: 1, value: 'Yes', limit: 200, count: 200, full: true }),
];

type Sent = { method: string; url: string; body: unknown };

function mockServer(quotas: TQuota[] = QUOTAS) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const reply = (body: unknown, status = 200) =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.startsWith('/dt/viewAllDataTables'))
      return reply([
        {
          id: 1,
          name: 'Spring Survey',
          campaignName: 'Spring Survey',
          numberOfField: 1,
          columns: ['shop'],
          createAt: '2025-01-01T00:00:00.000Z',
        },
      ]);
    if (url.startsWith('/api/quotas?') && method === 'GET') return reply(quotas);
    if (url.startsWith('/api/quotas?') && method === 'POST')
      return reply(quota({ id: 3, field: null, questionNo: 1, value: 'No', limit: 50, count: 4 }));
    if (url.startsWith('/api/quotas/') && method === 'PUT') return reply(quota({ limit: 400 }));
    if (url.startsWith('/api/quotas/') && method === 'DELETE') return new Response(null, { status: 204 });
    return new Promise<Response>(() => undefined);
  });
  return { sent, writes: () => sent.filter((s) => s.method !== 'GET') };
}

function renderPanel() {
  storeSession(makeToken());
  renderWithApp(<QuotasPanel campaignName="Spring Survey" questions={QUESTIONS} />);
}

describe('QuotasPanel', () => {
  it('lists each quota as name = value with count/limit, and marks a full one', async () => {
    mockServer();
    renderPanel();
    const table = within(await screen.findByRole('table', { name: 'Quotas' }));
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('region = Dhaka');
    expect(rows[0]).toContain('120/300');
    expect(rows[0]).not.toContain('Full');
    expect(rows[1]).toContain('Q1 = Yes');
    expect(rows[1]).toContain('200/200Full');
  });

  it('says so when the campaign has no quotas', async () => {
    mockServer([]);
    renderPanel();
    expect(await screen.findByText('No quotas: completed calls are not limited.')).toBeTruthy();
  });

  it("adds a quota on a question, its value chosen among the question's options", async () => {
    const server = mockServer();
    renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Add quota' }));
    fireEvent.click(form.getByText('Question'));
    fireEvent.change(form.getByRole('combobox', { name: /^Question/ }), { target: { value: '1' } });
    const value = form.getByRole('combobox', { name: /^Value/ }) as HTMLSelectElement;
    expect(Array.from(value.options).map((o) => o.text)).toEqual(['Choose an option', 'Yes', 'No']);
    fireEvent.change(value, { target: { value: 'No' } });
    fireEvent.change(form.getByLabelText(/^Limit/), { target: { value: '50' } });
    fireEvent.click(form.getByRole('button', { name: 'Add quota' }));
    expect(await screen.findByText('Quota added: Q1 = No, 4/50')).toBeTruthy();
    const post = server.writes()[0];
    expect(post?.url).toBe('/api/quotas?campaignName=Spring+Survey');
    expect(post?.body).toEqual({ questionNo: 1, value: 'No', limit: 50 });
  });

  it('offers the default lead fields and the campaign columns, and types the value of a field quota', async () => {
    const server = mockServer();
    renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Add quota' }));
    const field = form.getByRole('combobox', { name: /^Lead field/ }) as HTMLSelectElement;
    await waitFor(() => expect(Array.from(field.options).map((o) => o.value)).toContain('shop'));
    expect(Array.from(field.options).map((o) => o.value)).toContain('region');
    fireEvent.change(field, { target: { value: 'shop' } });
    fireEvent.change(form.getByLabelText(/^Value/), { target: { value: 'Shop 1' } });
    fireEvent.change(form.getByLabelText(/^Limit/), { target: { value: '10' } });
    fireEvent.click(form.getByRole('button', { name: 'Add quota' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({ field: 'shop', value: 'Shop 1', limit: 10 });
  });

  it('refuses an empty form under each field, sending nothing', async () => {
    const server = mockServer();
    renderPanel();
    const form = within(await screen.findByRole('form', { name: 'Add quota' }));
    fireEvent.change(form.getByLabelText(/^Limit/), { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Add quota' }));
    expect(await form.findByText('Lead field is required')).toBeTruthy();
    expect(form.getByText('Value is required')).toBeTruthy();
    expect(form.getByText('Limit must be a whole number above 0')).toBeTruthy();
    fireEvent.click(form.getByText('Question'));
    fireEvent.click(form.getByRole('button', { name: 'Add quota' }));
    expect(await form.findByText('Question is required')).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('changes a limit with the whole quota, and deletes only after the confirmation', async () => {
    const server = mockServer();
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit limit of region = Dhaka' }));
    const dialog = within(await screen.findByRole('form', { name: 'Edit limit' }));
    fireEvent.change(dialog.getByLabelText(/^Limit/), { target: { value: '400' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Limit changed.')).toBeTruthy();
    expect(server.writes()[0]).toEqual({
      method: 'PUT',
      url: '/api/quotas/1',
      body: { field: 'region', value: 'Dhaka', limit: 400 },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete quota Q1 = Yes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull());
    expect(server.writes()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete quota Q1 = Yes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Quota Q1 = Yes deleted.')).toBeTruthy();
    expect(server.writes()[1]).toMatchObject({ method: 'DELETE', url: '/api/quotas/2' });
  });
});
