// Test support for the lead action and report screens: the browser's fetch answered by a small table of
// "METHOD /path" replies, recording every request (query and JSON body) the screen sent.
import { vi } from 'vitest';
import type { TCampaign, TDataTable, TLeadDateSummary } from '@crm/shared';

export type TFakeReply = { status?: number; body?: unknown };
/** A reply, or a function of the request that makes one (e.g. a second answer differing from the first). */
export type TFakeRoute = TFakeReply | ((request: TSentRequest) => TFakeReply | Promise<TFakeReply>);

export type TSentRequest = { method: string; path: string; query: Record<string, string>; body: unknown };

export const campaign = (id: number, campaignName: string, status = true): TCampaign => ({
  id,
  campaignId: `C${id}`,
  campaignName,
  campaignType: 'Outbound',
  callTarget: 5,
  status,
  createAt: '2025-01-01T00:00:00.000Z',
});

export const dataTable = (id: number, campaignName: string): TDataTable => ({
  id,
  name: campaignName,
  campaignName,
  numberOfField: 1,
  columns: ['Outlet'],
  createAt: '2025-01-01T00:00:00.000Z',
});

/** 2025-03-02 of Spring Survey: North has 12 br_id groups, the leads without a selector one. */
export const SUMMARY: TLeadDateSummary = {
  dataDate: '2025-03-02',
  total: 150,
  fresh: 120,
  generated: 30,
  uncalled: 10,
  called: 20,
  withAnswers: 18,
  selectors: [
    { targetSelector: '', total: 30, fresh: 30, generated: 0, uncalled: 0, called: 0, withAnswers: 0, groups: 1 },
    {
      targetSelector: 'North',
      total: 120,
      fresh: 90,
      generated: 30,
      uncalled: 10,
      called: 20,
      withAnswers: 18,
      groups: 12,
    },
  ],
};

/** Spring Survey (active) and Old Promo (inactive) have data tables; Spring Survey has leads of two dates. */
export const DEFAULT_ROUTES: Record<string, TFakeRoute> = {
  'GET /cc/campaigns': {
    body: [campaign(1, 'Spring Survey'), campaign(2, 'Old Promo', false), campaign(3, 'No Table')],
  },
  'GET /dt/viewAllDataTables': { body: [dataTable(1, 'Spring Survey'), dataTable(2, 'Old Promo')] },
  'GET /dynamic/unique_data_dates/Spring Survey': { body: ['2025-03-01', '2025-03-02'] },
  'GET /dynamic/unique_data_dates/Old Promo': { body: [] },
  'GET /dynamic/leadSummary/Spring Survey': { body: SUMMARY },
  'GET /api/auth/media-token': { body: { token: 'media.token', expiresAt: '2030-01-01T00:00:00.000Z' } },
};

function json(reply: TFakeReply): Response {
  const status = reply.status ?? 200;
  const body = reply.body === undefined ? null : JSON.stringify(reply.body);
  return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** Answers fetch from DEFAULT_ROUTES overridden by `routes`; anything else is a 404. */
export function fakeServer(routes: Record<string, TFakeRoute> = {}) {
  const table = { ...DEFAULT_ROUTES, ...routes };
  const sent: TSentRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: TSentRequest = {
      method,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    sent.push(request);
    const route = table[`${method} ${request.path}`];
    if (route === undefined) return json({ status: 404, body: { message: 'Not found.' } });
    return json(typeof route === 'function' ? await route(request) : route);
  });
  return {
    sent,
    /** The requests other than GET: what changed something on the server. */
    writes: () => sent.filter((r) => r.method !== 'GET'),
    count: (method: string, path: string) => sent.filter((r) => r.method === method && r.path === path).length,
  };
}
