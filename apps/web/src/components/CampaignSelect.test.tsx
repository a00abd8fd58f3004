// The one campaign selector: which campaigns each screen is offered, a filter's "All campaigns", a chosen campaign the
// list lacks, and a list that could not be loaded.
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TCampaign, TDataTable } from '@crm/shared';
import { createQueryClient } from '../app/query-client.ts';
import { renderWithApp } from '../test/render.tsx';
import { ALL_CAMPAIGNS_KEY, ALL_DATA_TABLES_KEY, campaignOptions } from './campaign-options.ts';
import { CampaignSelect } from './CampaignSelect.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const campaign = (id: number, campaignName: string, status = true): TCampaign => ({
  id,
  campaignId: `C${id}`,
  campaignName,
  campaignType: 'Outbound',
  callTarget: 5,
  status,
  createAt: '2025-01-01T00:00:00.000Z',
});
const table = (id: number, campaignName: string): TDataTable => ({
  id,
  name: campaignName,
  campaignName,
  numberOfField: 1,
  columns: ['Outlet'],
  createAt: '2025-01-01T00:00:00.000Z',
});

const CAMPAIGNS = [
  campaign(1, 'Spring Survey'),
  campaign(2, 'Old Promo', false),
  campaign(3, 'Eid Offer'),
  campaign(4, 'No Table'),
];
const TABLES = [table(1, 'Spring Survey'), table(2, 'Old Promo'), table(3, 'Eid Offer')];

// Seeding the cache stands in for GET /cc/campaigns and /dt/viewAllDataTables; the re-reads on mount never answer.
function renderSelect(ui: ReactElement, campaigns: TCampaign[] = CAMPAIGNS) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ALL_CAMPAIGNS_KEY, campaigns);
  queryClient.setQueryData(ALL_DATA_TABLES_KEY, TABLES);
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
  renderWithApp(ui, { queryClient });
}

const select = () => screen.getByLabelText('Campaign') as HTMLSelectElement;
const texts = () => Array.from(select().options).map((o) => o.text);

describe('campaignOptions', () => {
  it('offers by name what each screen needs, saying which are inactive', () => {
    const names = (offer: 'all' | 'withDataTable' | 'withoutDataTable', activeOnly = false) =>
      campaignOptions({ campaigns: CAMPAIGNS, tables: TABLES, offer, activeOnly }).map((o) => o.label);
    expect(names('all')).toEqual(['Eid Offer', 'No Table', 'Old Promo (inactive)', 'Spring Survey']);
    expect(names('withDataTable')).toEqual(['Eid Offer', 'Old Promo (inactive)', 'Spring Survey']);
    expect(names('withDataTable', true)).toEqual(['Eid Offer', 'Spring Survey']);
    expect(names('withoutDataTable')).toEqual(['No Table']);
  });

  it('offers nothing that depends on the data tables before they are read', () => {
    expect(
      campaignOptions({ campaigns: CAMPAIGNS, tables: undefined, offer: 'withoutDataTable', activeOnly: false }),
    ).toEqual([]);
  });
});

describe('CampaignSelect', () => {
  it('offers active campaigns with a data table behind an unchoosable placeholder, and tells the choice', () => {
    const onChange = vi.fn();
    renderSelect(<CampaignSelect value="" onChange={onChange} offer="withDataTable" activeOnly />);
    expect(texts()).toEqual(['Select campaign', 'Eid Offer', 'Spring Survey']);
    expect(select().options[0]?.disabled).toBe(true);
    fireEvent.change(select(), { target: { value: 'Eid Offer' } });
    expect(onChange).toHaveBeenCalledWith('Eid Offer');
  });

  it("gives a filter an 'All campaigns' choice, and keeps showing a chosen campaign the list lacks", () => {
    renderSelect(<CampaignSelect value="Renamed Drive" onChange={() => undefined} allLabel="All campaigns" />);
    expect(texts()).toEqual([
      'All campaigns',
      'Renamed Drive',
      'Eid Offer',
      'No Table',
      'Old Promo (inactive)',
      'Spring Survey',
    ]);
    expect(select().options[0]?.disabled).toBe(false);
    expect(select().value).toBe('Renamed Drive');
  });

  it('offers the campaigns without a data table, and says when there is none', () => {
    renderSelect(
      <CampaignSelect
        value=""
        onChange={() => undefined}
        offer="withoutDataTable"
        emptyText="Every campaign has a data table"
      />,
    );
    expect(texts()).toEqual(['Select campaign', 'No Table']);
  });

  it('says when no campaign fits', () => {
    renderSelect(
      <CampaignSelect
        value=""
        onChange={() => undefined}
        offer="withoutDataTable"
        emptyText="Every campaign has a data table"
      />,
      CAMPAIGNS.slice(0, 3),
    );
    expect(texts()).toEqual(['Every campaign has a data table']);
  });

  it('says the campaigns could not be loaded, with a Retry that reads them again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'The server is busy. Try again in a moment.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderWithApp(<CampaignSelect value="" onChange={() => undefined} />, { queryClient: createQueryClient() });
    expect(await screen.findByRole('alert', { name: 'The campaigns could not be loaded' })).toBeTruthy();
    const reads = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(reads));
  });
});
