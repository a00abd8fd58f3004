// The login screen: the two forms, required-field messages, the failure alert and the redirect of a signed-in user.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES, type TCampaign } from '@crm/shared';
import { createQueryClient } from '../../app/query-client.ts';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { agentToken, makeToken } from '../../test/tokens.ts';
import { LoginPage } from './LoginPage.tsx';
import { LOGIN_CAMPAIGNS_KEY } from './sign-in.ts';

function campaign(id: number, campaignName: string, status: boolean): TCampaign {
  return {
    id,
    campaignId: `C${id}`,
    campaignName,
    campaignType: 'Outbound',
    callTarget: 10,
    status,
    createAt: '2025-01-01 09:00:00',
  };
}

// Seeding the cache stands in for GET /cc/campaigns, so the form renders without a server.
function renderLogin(route = '/login') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(LOGIN_CAMPAIGNS_KEY, [
    campaign(1, 'Mobile Survey', true),
    campaign(2, 'Old Promo', false),
    campaign(3, 'Bank Inbound', true),
  ]);
  return renderWithApp(<LoginPage />, { route, queryClient });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

describe('LoginPage', () => {
  it('shows the agent form by default with visible labels and only active campaigns', () => {
    renderLogin();
    for (const label of ['Shift', 'Agent ID', 'Password', 'Campaign'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    const options = Array.from((screen.getByLabelText('Campaign') as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual(['Select campaign', 'Bank Inbound', 'Mobile Survey']);
    expect(document.title).toBe('Login · CallDesk CRM');
  });

  it('says which agent fields are missing on an empty submit', () => {
    renderLogin();
    submit();
    for (const message of [
      'Shift is required',
      'Agent ID is required',
      'Password is required',
      'Campaign is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Agent ID'), { target: { value: 'A-100' } });
    expect(screen.queryByText('Agent ID is required')).toBeNull();
  });

  it('switches to the admin form, which has its own required fields', () => {
    renderLogin();
    fireEvent.click(screen.getByLabelText('Login As Admin'));
    expect(screen.queryByLabelText('Shift')).toBeNull();
    submit();
    expect(screen.getByText('Admin ID is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it("shows 'Login Failed!' when the server cannot be reached, and a form switch clears it", async () => {
    renderLogin();
    fireEvent.click(screen.getByLabelText('Login As Admin'));
    fireEvent.change(screen.getByLabelText('Admin ID'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    // No server listens in this test, so the call fails as an unreachable server does.
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.login.failed);
    fireEvent.click(screen.getByLabelText('Login As Agent'));
    expect(screen.queryByText(MESSAGES.login.failed)).toBeNull();
  });

  it('sends a signed-in user to their landing page', () => {
    storeSession(makeToken());
    renderLogin();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('sends a signed-in agent to the CRM of their campaign', () => {
    storeSession(agentToken());
    renderLogin('/');
    expect(screen.getByTestId('location').textContent).toBe('/CRM?campaignName=Mobile%20Survey');
  });
});
