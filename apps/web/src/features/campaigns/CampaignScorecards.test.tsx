// The campaign's QC scorecards: published versions only to choose from, the saved choice shown, a refusal in its words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TCampaignScorecards, TScorecardList, TScorecardVersionSummary } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { CampaignScorecards, publishedOptions } from './CampaignScorecards.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const version = (id: number, name: string, v: number, state: TScorecardVersionSummary['state']) => ({
  id,
  version: v,
  name,
  state,
  scoringMode: 'points' as const,
  criteria: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  publishedAt: null,
  retiredAt: null,
  usedBy: [],
  records: 0,
});

const LIST: TScorecardList = {
  scorecards: [
    { scorecardId: 1, name: 'Standard', builtIn: true, versions: [version(1, 'Standard', 1, 'published')] },
    {
      scorecardId: 5,
      name: 'Acme',
      builtIn: false,
      versions: [version(9, 'Acme', 3, 'draft'), version(8, 'Acme', 2, 'published'), version(5, 'Acme', 1, 'retired')],
    },
  ],
};

const ref = (id: number, name: string, v: number) => ({ id, scorecardId: id, name, version: v });
const STANDARD: TCampaignScorecards = {
  campaignName: 'Spring Survey',
  inHouse: ref(1, 'Standard', 1),
  client: ref(1, 'Standard', 1),
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('CampaignScorecards', () => {
  it('offers published versions only, and the saved one even when it is no longer published', () => {
    expect(publishedOptions(LIST, STANDARD.inHouse).map((o) => o.label)).toEqual(['Standard v1', 'Acme v2']);
    expect(publishedOptions(LIST, ref(5, 'Acme', 1)).map((o) => o.label)).toEqual([
      'Acme v1 (not published)',
      'Standard v1',
      'Acme v2',
    ]);
  });

  it('saves the chosen versions and shows what the server then holds', async () => {
    let saved = STANDARD;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/scorecards')) return json(200, LIST);
      if (init?.method === 'PUT') {
        saved = { ...STANDARD, client: ref(8, 'Acme', 2) };
        return json(200, saved);
      }
      return json(200, saved);
    });
    renderWithApp(<CampaignScorecards campaignName="Spring Survey" />);
    await screen.findByText('Saved: in-house QC on Standard v1, client QC on Standard v1.');
    fireEvent.change(screen.getByLabelText('Client QC scorecard'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save scorecards' }));
    await screen.findByText('Saved: in-house QC on Standard v1, client QC on Acme v2.');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ campaignName: 'Spring Survey', inHouse: 1, client: 8 });
  });

  it("shows the server's refusal and keeps the choice", async () => {
    const message = 'client: scorecard version 8 is not published';
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/scorecards')) return json(200, LIST);
      if (init?.method === 'PUT') return json(400, { message, code: 'INVALID_VALUE', field: 'client' });
      return json(200, STANDARD);
    });
    renderWithApp(<CampaignScorecards campaignName="Spring Survey" />);
    const client = (await screen.findByLabelText('Client QC scorecard')) as HTMLSelectElement;
    fireEvent.change(client, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save scorecards' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(client.value).toBe('8'));
    expect(screen.getByText(/Your choice is not saved yet/)).toBeTruthy();
  });
});
