// Routing and shell: the session and role guards, a screen for every route, the sidebar of each role, logout and the 404 page.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@crm/shared';
import { renderWithApp } from '../test/render.tsx';
import { agentToken, makeToken } from '../test/tokens.ts';
import { AppRoutes } from './router.tsx';
import { storeSession } from './session.ts';

const location = () => screen.getByTestId('location').textContent;
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

  it('shows an admin the shell, the admin, CRM and QC menus and the screen', async () => {
    storeSession(makeToken({ name: 'Ada Admin' }));
    renderWithApp(<AppRoutes />, { route: '/users' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(document.title).toBe('Users · CallDesk CRM');
    expect(screen.getByTestId('clock').textContent).not.toBe('');
    expect(screen.getByTestId('user-name').textContent).toBe('Ada Admin');
    const admin = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(admin).getByRole('link', { name: 'Agents' }).getAttribute('href')).toBe('/agents');
    expect(screen.getByRole('navigation', { name: 'CRM' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Quality control' }))
        .getByRole('link', { name: 'Raised Flags' })
        .getAttribute('href'),
    ).toBe('/flag-raised');
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

  it('shows the QC menu to a QC inspector', () => {
    storeSession(
      makeToken({ userName: 'qc1', name: 'Quinn', roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }] }),
    );
    renderWithApp(<AppRoutes />, { route: '/login' });
    expect(location()).toBe('/qcChecking');
    expect(screen.getByRole('navigation', { name: 'Quality control' })).toBeTruthy();
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
