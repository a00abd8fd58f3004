// Routing and shell: the session and role guards, a screen for every route, the sidebar of each role, logout and the 404 page.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@crm/shared';
import { renderWithApp } from '../test/render.tsx';
import { agentToken, makeToken } from '../test/tokens.ts';
import { AppRoutes } from './router.tsx';
import { storeSession } from './session.ts';

const location = () => screen.getByTestId('location').textContent;
/** The sidebar's menus, top to bottom, by name. */
const menuTitles = () =>
  within(screen.getByRole('navigation', { name: 'Sidebar' }))
    .getAllByRole('navigation')
    .map((nav) => nav.getAttribute('aria-label'));
/** A menu's links: [words, address]. */
const menuLinks = (menu: string) =>
  within(screen.getByRole('navigation', { name: menu }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
const locationState = () => JSON.parse(screen.getByTestId('location').dataset.state ?? 'null') as unknown;

describe('AppRoutes', () => {
  it('sends a visitor without a session to /login, without the shell', async () => {
    renderWithApp(<AppRoutes />, { route: '/agents' });
    // The frame loads on its own (it is not part of the login page's code), then turns the visitor away.
    await waitFor(() => expect(location()).toBe('/login'));
    expect(locationState()).toEqual({ from: '/agents' });
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByTestId('clock')).toBeNull();
  });

  it('shows an admin the shell, the Administration, Reports, CRM and Quality control menus and the screen', async () => {
    storeSession(makeToken({ name: 'Ada Admin' }));
    renderWithApp(<AppRoutes />, { route: '/users' });
    // The page loads lazily: slower while the machine is busy.
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 10_000 })).toBeTruthy();
    expect(document.title).toBe('Users · CallDesk CRM');
    expect(screen.getByTestId('clock').textContent).not.toBe('');
    expect(screen.getByTestId('user-name').textContent).toBe('Ada Admin');
    expect(menuTitles()).toEqual(['Administration', 'Reports', 'CRM', 'Quality control']);
    const admin = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(admin).getByRole('link', { name: 'Agents' }).getAttribute('href')).toBe('/agents');
    expect(menuLinks('Reports')).toEqual([
      ['Productivity', '/productivity'],
      ['Survey Results', '/results'],
      ['Suspicious', '/suspicious'],
    ]);
    expect(screen.getByRole('navigation', { name: 'CRM' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Quality control' }))
        .getByRole('link', { name: 'Raised Flags' })
        .getAttribute('href'),
    ).toBe('/flag-raised');
  });

  it('folds a menu away and remembers it, but never folds the menu of the page shown', async () => {
    storeSession(makeToken());
    const first = renderWithApp(<AppRoutes />, { route: '/users' });
    await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 10_000 });
    const reports = within(screen.getByRole('navigation', { name: 'Reports' }));
    fireEvent.click(reports.getByRole('button', { name: /Reports/ }));
    expect(reports.queryAllByRole('link')).toEqual([]);
    expect(reports.getByRole('button', { name: /Reports/ }).getAttribute('aria-expanded')).toBe('false');
    // Administration holds Users, the page shown: its heading does not fold it.
    const administration = within(screen.getByRole('navigation', { name: 'Administration' }));
    expect((administration.getByRole('button', { name: /Administration/ }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    // Another page on the same desk: Reports is still folded.
    renderWithApp(<AppRoutes />, { route: '/agents' });
    await screen.findByRole('heading', { level: 1, name: 'Agents' }, { timeout: 10_000 });
    expect(within(screen.getByRole('navigation', { name: 'Reports' })).queryAllByRole('link')).toEqual([]);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Reports' })).getByRole('button', { name: /Reports/ }),
    );
    expect(menuLinks('Reports')).toHaveLength(3);
    localStorage.removeItem('sidebar-folded-menus');
  });

  it('redirects a user to their landing page from a screen their role may not open', async () => {
    storeSession(agentToken());
    renderWithApp(<AppRoutes />, { route: '/agents' });
    expect(location()).toBe('/CRM?campaignName=Mobile%20Survey');
    // The survey screen names the agent's campaign.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile Survey' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
    const crm = screen.getByRole('navigation', { name: 'CRM' });
    expect(within(crm).getByRole('link', { name: 'View Full CRM' }).getAttribute('href')).toBe(
      '/viewFullCRM?campaignName=Mobile%20Survey',
    );
    expect(screen.getByTestId('user-detail').textContent).toBe('Morning · Mobile Survey');
  });

  it('shows a QC inspector the Quality control menu and their two reports', () => {
    storeSession(
      makeToken({ userName: 'qc1', name: 'Quinn', roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }] }),
    );
    renderWithApp(<AppRoutes />, { route: '/login' });
    expect(location()).toBe('/qcChecking');
    expect(menuTitles()).toEqual(['Quality control', 'Reports']);
    expect(menuLinks('Reports')).toEqual([
      ['Productivity', '/productivity'],
      ['Suspicious', '/suspicious'],
    ]);
  });

  it('shows a client account its Client menu alone, and turns it from any other screen to its landing page', () => {
    storeSession(
      makeToken({
        userName: 'client.radiant',
        name: 'Radiant Research',
        roles: [{ roleName: 'CLIENT', roleDescription: 'Client' }],
      }),
    );
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(location()).toBe('/client');
    expect(menuTitles()).toEqual(['Client']);
    expect(menuLinks('Client')).toEqual([
      ['Home', '/client'],
      ['Survey Results', '/results'],
      ['QC Records', '/QcRecordsClient'],
      ['QC Reports', '/QcReports'],
    ]);
  });

  it('logout clears the stored session and returns to /login', async () => {
    storeSession(agentToken());
    renderWithApp(<AppRoutes />, { route: '/viewFullCRM' });
    fireEvent.click(screen.getByTestId('user-name'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    // Logout first tells the server (no server here: the screen signs out all the same and says so).
    await waitFor(() => expect(location()).toBe('/login'));
    // The next person to sign in on this desk starts on their own landing page, not on this agent's screen.
    expect(locationState()).toBeNull();
    expect(sessionStorage.getItem('auth-user')).toBeNull();
    for (const key of ['username', 'campaignName', 'agentId']) expect(localStorage.getItem(key)).toBeNull();
    expect(screen.queryByTestId('clock')).toBeNull();
  });

  it('signs the user out when the token expires while the app is open', async () => {
    // Time runs as usual until the screen is up (the signed-in frame loads lazily, slower on a busy machine); then the
    // clock is moved past the token's end, so the test waits for states, never for a time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      const exp = Math.floor(Date.now() / 1000) + 3600;
      storeSession(makeToken({ exp }));
      renderWithApp(<AppRoutes />, { route: '/users' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
      expect(location()).toBe('/users');
      await vi.advanceTimersByTimeAsync(3600_000 + 1000);
      await waitFor(() => expect(location()).toBe('/login'));
      expect(locationState()).toEqual({ from: '/users' });
      expect(sessionStorage.getItem('auth-user')).toBeNull();
      expect(await screen.findByText(MESSAGES.auth.sessionExpired)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows Page not found with a way back for an unknown address', () => {
    storeSession(makeToken());
    renderWithApp(<AppRoutes />, { route: '/no-such-screen' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your start page' }).getAttribute('href')).toBe('/dashboard');
  });
});
