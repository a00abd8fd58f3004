// The two sign-in calls (docs/product.md §7 Auth) and how their failures read on the login form (docs/product.md §8 Login).
import {
  LOGIN_TIMEOUT_MS,
  MESSAGES,
  ZAdminSignInResponse,
  ZCampaign,
  ZSignInResponse,
  type TAdminSignInResponse,
  type TSignInAdminRequest,
  type TCampaign,
  type TSignInAgentRequest,
} from '@crm/shared';
import { ApiError, GATEWAY_STATUSES, api, serverMessage, type Schema } from '../../app/api.ts';

export type TLoginMode = 'agent' | 'admin';

export type TSignInRequest =
  { mode: 'agent'; body: TSignInAgentRequest } | { mode: 'admin'; body: TSignInAdminRequest };

/** An agent always gets a token; an admin or QC inspector may get the second step instead (docs/trust.md). */
export function requestSignIn(request: TSignInRequest, signal: AbortSignal): Promise<TAdminSignInResponse> {
  const path = request.mode === 'agent' ? '/api/auth/signInAgent' : '/api/auth/signInSuperAdmin';
  const schema: Schema<TAdminSignInResponse> = request.mode === 'agent' ? ZSignInResponse : ZAdminSignInResponse;
  return api.post(path, request.body, {
    schema,
    signal,
    timeoutMs: LOGIN_TIMEOUT_MS[request.mode],
    // The form shows its own alert, and a 401 here means wrong credentials, not an expired session.
    anonymous: true,
    notify: false,
  });
}

/**
 * 401 reads as wrong credentials; no answer (network, time-out, a gateway's bare 502-504, unreadable reply) as
 * 'Login Failed!'; else the server's words (its own 503 says the database is not answering or the server is busy).
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.login.failed;
  if (error.status === 401) return MESSAGES.login.wrongCredentials;
  if (error.kind !== 'http' || error.message === '') return MESSAGES.login.failed;
  if (GATEWAY_STATUSES.includes(error.status) && serverMessage(error.body) === undefined) return MESSAGES.login.failed;
  return error.message;
}

export const LOGIN_CAMPAIGNS_KEY = ['login', 'campaigns'] as const;

/** Every campaign; GET /cc/campaigns is public because the agent picks one before signing in. */
export function fetchCampaigns(signal: AbortSignal): Promise<TCampaign[]> {
  return api.get('/cc/campaigns', { schema: ZCampaign.array(), anonymous: true, signal });
}

/** The names an agent may sign in to: active campaigns only, alphabetical. */
export function activeCampaignNames(campaigns: readonly TCampaign[]): string[] {
  return campaigns
    .filter((campaign) => campaign.status)
    .map((campaign) => campaign.campaignName)
    .sort((a, b) => a.localeCompare(b));
}
