// The call warm-up: what the QC panel opens a call with is in the cache (or handed over) before it opens, so nothing it
// draws with arrives afterwards.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { LEAD_NOT_GENERATED } from '@crm/shared';
import { waitFor } from '@testing-library/react';
import { fakeServer } from '../../test/lead-actions-test-fetch.ts';
import { campaignScorecardsKey } from '../scorecard/campaign-scorecards.ts';
import { recordingAnalysisKey } from '../recording/api.ts';
import { answeredLeadOfCall, panelQuestionsKey, prefetchCall } from './prefetch.ts';
import { SCORABLE_AGENTS_KEY } from './scorable-agents.ts';

const CALL = {
  campaignName: 'Warm Survey',
  consumerNumber: '01712345678',
  callDate: '2026-11-19',
  fileName: '20261119-101500_01712345678_AG-1001-all.wav',
};

const ref = (id: number) => ({ id, scorecardId: id, name: id === 1 ? 'Standard' : 'Retail', version: 1 });

afterEach(() => vi.restoreAllMocks());

describe('prefetchCall', () => {
  it("fills the questions, the agents, the campaign's scorecards and the recording's checks under the panel's keys", async () => {
    const server = fakeServer({
      'GET /questions/getToSetLogic/Warm Survey': { body: [] },
      'GET /api/qcReport/agents': { body: [{ agentId: 'AG-1001', name: 'Karim Hossain' }] },
      'GET /api/campaign-scorecards': { body: { campaignName: CALL.campaignName, inHouse: ref(1), client: ref(7) } },
      'GET /api/scorecards/7': { status: 500, body: { message: 'not needed here' } },
      'GET /api/ap/getByNumber': { body: null },
      'GET /api/voicelog/search': {
        body: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0, first: true, last: true },
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchCall(client, CALL);
    await waitFor(() => {
      expect(client.getQueryData(panelQuestionsKey(CALL.campaignName))).toEqual([]);
      expect(client.getQueryData(SCORABLE_AGENTS_KEY)).toEqual([{ agentId: 'AG-1001', name: 'Karim Hossain' }]);
      expect(client.getQueryData(campaignScorecardsKey(CALL.campaignName))).toMatchObject({ client: { id: 7 } });
    });
    // Fresh for the panel: it reads them as they are, without asking again.
    expect(client.getQueryState(panelQuestionsKey(CALL.campaignName))?.isInvalidated).toBe(false);
    // The client column's own version is asked for too (Standard needs no definition); the checks of the recording.
    await waitFor(() => expect(server.count('GET', '/api/scorecards/7')).toBe(1));
    expect(server.count('GET', '/api/scorecards/1')).toBe(0);
    await waitFor(() => expect(server.count('GET', '/api/voicelog/analysis')).toBe(1));
    expect(client.getQueryCache().find({ queryKey: recordingAnalysisKey(CALL.callDate, CALL.fileName) })).toBeTruthy();
  });

  it('hands a lead that has answered over once, then the panel asks the server itself', async () => {
    fakeServer({ 'GET /api/ap/getByNumber': { body: { message: LEAD_NOT_GENERATED } } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchCall(client, { ...CALL, consumerNumber: '01800000000' });
    await waitFor(() =>
      expect(answeredLeadOfCall(CALL.campaignName, '01800000000')).toEqual({ kind: 'not-generated' }),
    );
    expect(answeredLeadOfCall(CALL.campaignName, '01800000000')).toBeUndefined();
  });
});
