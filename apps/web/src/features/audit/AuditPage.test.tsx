// /audit: the entries as the address filters them, each change readable; filters applied together into the
// address; server paging; the server's refusals shown; the CSV export follows a link carrying the filters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TAuditEntry, TPaged } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute, type TSentRequest } from '../../test/lead-actions-test-fetch.ts';
import AuditPage, { EXPORT_FAILED } from './AuditPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

function entry(id: number, over: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id,
    at: '2026-11-20T04:15:03.000Z',
    actorId: 1,
    actorUsername: 'boss',
    actorRole: 'ADMIN',
    action: 'update',
    objectType: 'campaign',
    objectId: '7',
    changes: { before: { campaignName: 'Spring', callTarget: 40 }, after: { campaignName: 'Summer', callTarget: 55 } },
    ip: '10.0.0.1',
    ...over,
  };
}

function paged(content: TAuditEntry[], total = content.length, page = 0, size = 10): TPaged<TAuditEntry> {
  return {
    recordCount: total,
    response: { content, totalElements: total, totalPages: Math.ceil(total / size), size, number: page },
  };
}

const LIST = 'GET /api/audit/pagination/0/10';
const location = () => screen.getByTestId('location').textContent;

function renderAudit(route: string, routes: Record<string, TFakeRoute>) {
  storeSession(makeToken());
  const server = fakeServer({ 'GET /api/users': { body: paged([]) }, ...routes });
  renderWithApp(<AuditPage />, { route });
  return server;
}

const listCalls = (sent: TSentRequest[]) => sent.filter((r) => r.path.startsWith('/api/audit/pagination/'));

describe('AuditPage', () => {
  it('shows the entries the address asks for, with each change as field: before → after', async () => {
    const server = renderAudit('/audit?objectType=campaign&from=2026-11-01', {
      [LIST]: {
        body: paged([
          entry(2),
          entry(1, { action: 'upload', objectType: 'leads', objectId: 'Spring', changes: { counts: { leads: 1250 } } }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(await within(table).findByText('Spring → Summer')).toBeTruthy();
    expect(within(table).getByText('40 → 55')).toBeTruthy();
    expect(within(table).getByText('1,250')).toBeTruthy();
    expect(within(table).getByText('Campaign 7')).toBeTruthy();
    expect(within(table).getAllByText('ADMIN · 10.0.0.1')).toHaveLength(2);
    expect(listCalls(server.sent)[0]?.query).toEqual({ objectType: 'campaign', from: '2026-11-01' });
    expect((screen.getByLabelText('Object type') as HTMLSelectElement).value).toBe('campaign');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
  });

  it('applies the filters together, keeps them in the address and asks the server for them', async () => {
    const server = renderAudit('/audit', {
      [LIST]: (r) => ({
        body: paged(r.query.objectType === 'agent' ? [entry(5, { objectType: 'agent' })] : [entry(1)]),
      }),
    });
    await screen.findByText('Campaign 7');
    fireEvent.change(screen.getByRole('combobox', { name: 'Actor' }), { target: { value: ' boss ' } });
    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'agent' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'update' } });
    expect(listCalls(server.sent)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Agent 7')).toBeTruthy();
    expect(location()).toBe('/audit?actor=boss&objectType=agent&action=update');
    expect(listCalls(server.sent).at(-1)?.query).toEqual({ actor: 'boss', objectType: 'agent', action: 'update' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location()).toBe('/audit'));
    expect((screen.getByLabelText('Object type') as HTMLSelectElement).value).toBe('');
  });

  it('pages on the server and keeps the page in the address', async () => {
    const server = renderAudit('/audit?action=update', {
      [LIST]: {
        body: paged(
          Array.from({ length: 10 }, (_, i) => entry(25 - i)),
          25,
        ),
      },
      'GET /api/audit/pagination/1/10': { body: paged([entry(15, { objectId: '99' })], 25, 1) },
    });
    expect(await screen.findByText('Showing 1 to 10 of 25 entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Campaign 99')).toBeTruthy();
    expect(location()).toBe('/audit?action=update&page=2');
    expect(listCalls(server.sent).at(-1)).toMatchObject({
      path: '/api/audit/pagination/1/10',
      query: { action: 'update' },
    });
  });

  it("shows the server's refusal where the entries would be", async () => {
    renderAudit('/audit?objectId=7', {
      [LIST]: { status: 503, body: { message: 'The server is busy. Try again in a moment.' } },
    });
    expect(await screen.findByText('The audit log could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server is busy. Try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('will not apply a range that ends before it starts', async () => {
    const server = renderAudit('/audit', { [LIST]: { body: paged([entry(1)]) } });
    await screen.findByText('Campaign 7');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-19' } });
    expect(screen.getByText('From must not be after To')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    expect(listCalls(server.sent)).toHaveLength(1);
  });

  it('exports the filtered entries through a download link carrying the filters and a media token', async () => {
    const followed: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderAudit('/audit?objectType=campaign&actor=boss', {
      [LIST]: { body: paged([entry(1)]) },
      'GET /api/audit/pagination/0/1': { body: paged([entry(1)], 1, 0, 1) },
    });
    await screen.findByText('Campaign 7');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/Your browser is saving audit-log-\d{4}-\d{2}-\d{2}\.csv/)).toBeTruthy();
    expect(followed).toHaveLength(1);
    const link = new URL(followed[0]?.href ?? '', 'http://localhost');
    expect(link.pathname).toBe('/api/audit/export');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      actor: 'boss',
      objectType: 'campaign',
      token: 'media.token',
    });
    expect(followed[0]?.download).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("says why an export could not start, in the server's words", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAudit('/audit', {
      [LIST]: { body: paged([entry(1)]) },
      'GET /api/audit/pagination/0/1': { body: paged([entry(1)], 1, 0, 1) },
      'GET /api/auth/media-token': { status: 503, body: { message: 'The database is not answering.' } },
    });
    await screen.findByText('Campaign 7');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(EXPORT_FAILED)).toBeTruthy();
    expect(screen.getByText('The database is not answering.')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });
});
