// How sign-in failures read (docs/product.md §8 Login) and which campaigns an agent may pick.
import { describe, expect, it } from 'vitest';
import { MESSAGES, type TCampaign } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { activeCampaignNames, loginErrorMessage } from './sign-in.ts';

describe('loginErrorMessage', () => {
  it('reads a 401 as wrong credentials', () => {
    expect(loginErrorMessage(new ApiError(401, 'Invalid credentials'))).toBe(MESSAGES.login.wrongCredentials);
  });

  it("reads no answer (network, time-out, a gateway with no server behind it, unreadable reply) as 'Login Failed!'", () => {
    expect(loginErrorMessage(new ApiError(0, 'offline', 'network'))).toBe(MESSAGES.login.failed);
    expect(loginErrorMessage(new ApiError(0, 'slow', 'timeout'))).toBe(MESSAGES.login.failed);
    expect(loginErrorMessage(new ApiError(200, 'bad', 'invalid-reply'))).toBe(MESSAGES.login.failed);
    expect(loginErrorMessage(new ApiError(502, 'Bad gateway'))).toBe(MESSAGES.login.failed);
    expect(loginErrorMessage(new Error('unusable token'))).toBe(MESSAGES.login.failed);
  });

  // A disabled account is answered as a wrong password (401) since issue 33: no words of its own to show.
  it("shows the server's own words for a rate limit or unknown campaign", () => {
    expect(loginErrorMessage(new ApiError(429, MESSAGES.login.tooMany))).toBe(MESSAGES.login.tooMany);
    // Our server's own 503 names the database trouble; a proxy's bare 503 is still a failed sign-in.
    const down = { message: MESSAGES.database.unavailable };
    expect(loginErrorMessage(new ApiError(503, down.message, 'http', down))).toBe(MESSAGES.database.unavailable);
    expect(loginErrorMessage(new ApiError(503, 'Service Unavailable', 'http', '<html>busy</html>'))).toBe(
      MESSAGES.login.failed,
    );
    expect(loginErrorMessage(new ApiError(400, MESSAGES.login.campaignUnavailable))).toBe(
      MESSAGES.login.campaignUnavailable,
    );
  });
});

describe('activeCampaignNames', () => {
  it('keeps active campaigns, by name', () => {
    const base = { campaignId: 'X', campaignType: 'Inbound', callTarget: null, createAt: '2025-01-01' } as const;
    const campaigns: TCampaign[] = [
      { ...base, id: 1, campaignName: 'Zeta', status: true },
      { ...base, id: 2, campaignName: 'Beta', status: false },
      { ...base, id: 3, campaignName: 'Alpha', status: true },
    ];
    expect(activeCampaignNames(campaigns)).toEqual(['Alpha', 'Zeta']);
  });
});
