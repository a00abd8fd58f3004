// The top bar's due-callback count (docs/guide/call-loop.md, Callbacks): shown to an agent while a callback is due, a link to
// /CRM; nothing for none, nothing for other roles.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { storeSession } from '../session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { agentToken, makeToken } from '../../test/tokens.ts';
import { fakeServer } from '../../test/lead-actions-test-fetch.ts';
import { CALLBACKS_POLL_MS } from '../callbacks-due.ts';
import { callbacksDueText } from './CallbacksDue.tsx';
import { TopBar } from './TopBar.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const bar = (
  <TopBar
    navbarOpened={false}
    onToggleNavbar={() => undefined}
    sidebarHidden={false}
    onToggleSidebar={() => undefined}
  />
);

describe('the top bar’s due callbacks', () => {
  it('shows an agent how many are due, as a link to CRM', async () => {
    storeSession(agentToken());
    fakeServer({ 'GET /api/callbacks': { body: { dueCount: 2, callbacks: [] } } });
    renderWithApp(bar, { route: '/agent-performance' });
    const link = await screen.findByRole('link', { name: '2 callbacks due: open CRM' });
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/CRM'));
  });

  it('shows nothing while none is due, and asks again every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(agentToken());
    let due = 0;
    const server = fakeServer({ 'GET /api/callbacks': () => ({ body: { dueCount: due, callbacks: [] } }) });
    renderWithApp(bar);
    await waitFor(() => expect(server.count('GET', '/api/callbacks')).toBe(1));
    expect(screen.queryByTestId('callbacks-due')).toBeNull();
    due = 1;
    await vi.advanceTimersByTimeAsync(CALLBACKS_POLL_MS);
    expect((await screen.findByTestId('callbacks-due')).textContent).toBe('1 callback due');
    expect(server.count('GET', '/api/callbacks')).toBe(2);
  });

  it('is not asked for an admin', async () => {
    storeSession(makeToken());
    const server = fakeServer({ 'GET /api/callbacks': { body: { dueCount: 2, callbacks: [] } } });
    renderWithApp(bar);
    await screen.findByTestId('user-name');
    expect(server.count('GET', '/api/callbacks')).toBe(0);
    expect(screen.queryByTestId('callbacks-due')).toBeNull();
  });

  it('says one callback or many', () => {
    expect(callbacksDueText(1)).toBe('1 callback due');
    expect(callbacksDueText(3)).toBe('3 callbacks due');
  });
});
