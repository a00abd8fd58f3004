// Create Questions (docs/product.md §4, §5): Go locks the set-up and shows one card per question, bad cards never reach the server, Reset unlocks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, type TCampaign, type TDataTable } from '@crm/shared';
import { createQueryClient } from '../../app/query-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ALL_CAMPAIGNS_KEY, ALL_DATA_TABLES_KEY } from '../../components/campaign-options.ts';
import CreateQuestionsPage from './CreateQuestionsPage.tsx';

afterEach(() => vi.restoreAllMocks());

const campaign = (id: number, campaignName: string): TCampaign => ({
  id,
  campaignId: `C${id}`,
  campaignName,
  campaignType: 'Outbound',
  callTarget: 5,
  status: true,
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

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ALL_CAMPAIGNS_KEY, [campaign(1, 'Spring Survey'), campaign(2, 'Eid Offer')]);
  queryClient.setQueryData(ALL_DATA_TABLES_KEY, [table(1, 'Spring Survey'), table(2, 'Eid Offer')]);
  // The page re-reads its pickers on open; those reads never answer here.
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
  renderWithApp(<CreateQuestionsPage />, { route: '/createQuestions', queryClient });
  return fetch;
}

const select = (label: RegExp) => screen.getByLabelText(label) as HTMLSelectElement;
const card = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
const sentWrites = (fetch: ReturnType<typeof renderPage>) =>
  fetch.mock.calls.filter(([, init]) => init?.method !== undefined && init.method !== 'GET');

function goWith(count: string) {
  fireEvent.change(select(/^Campaign/), { target: { value: 'Spring Survey' } });
  fireEvent.change(screen.getByLabelText(/Number of questions/), { target: { value: count } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
}

describe('CreateQuestionsPage', () => {
  it("says 'Form is invalid' when Go is pressed without the set-up", async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText(MESSAGES.common.formInvalid)).toBeTruthy();
    expect(screen.getByText('Campaign is required')).toBeTruthy();
    expect(screen.getByText('Data table is required')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Question 1' })).toBeNull();
  });

  it("offers only the chosen campaign's data table, and picks it", () => {
    renderPage();
    fireEvent.change(select(/^Campaign/), { target: { value: 'Eid Offer' } });
    expect(Array.from(select(/^Data table/).options).map((o) => o.value)).toEqual(['', 'Eid Offer']);
    expect(select(/^Data table/).value).toBe('Eid Offer');
  });

  it('locks the set-up on Go, shows one card per question, and Reset unlocks and clears', () => {
    renderPage();
    goWith('2');
    expect(select(/^Campaign/).disabled).toBe(true);
    expect((screen.getByLabelText(/Number of questions/) as HTMLInputElement).disabled).toBe(true);
    expect(card(1)).toBeTruthy();
    expect(card(2)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Question 3' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(select(/^Campaign/).disabled).toBe(false);
    expect(select(/^Campaign/).value).toBe('');
    expect(screen.queryByRole('group', { name: 'Question 1' })).toBeNull();
  });

  it('shows the options editor only for choice types; it adds, refuses a comma and removes', () => {
    renderPage();
    goWith('1');
    const first = within(card(1));
    expect(first.queryByLabelText('New option')).toBeNull();
    fireEvent.change(first.getByLabelText(/^Type/), { target: { value: 'Select Option' } });
    const input = first.getByLabelText('New option');
    fireEvent.change(input, { target: { value: 'Yes' } });
    fireEvent.click(first.getByRole('button', { name: 'Add option' }));
    fireEvent.change(input, { target: { value: 'No' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Yes, maybe' } });
    fireEvent.click(first.getByRole('button', { name: 'Add option' }));
    expect(first.getByText('An option may not contain a comma')).toBeTruthy();
    expect(first.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Yes', 'No']);
    fireEvent.click(first.getByRole('button', { name: 'Remove option Yes' }));
    expect(first.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['No']);
  });

  it('puts the missing title and type under their card and sends nothing', async () => {
    const fetch = renderPage();
    goWith('2');
    fireEvent.change(within(card(1)).getByLabelText(/^Title/), { target: { value: 'Your age?' } });
    fireEvent.change(within(card(1)).getByLabelText(/^Type/), { target: { value: 'Number' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.common.formInvalid)).toBeTruthy();
    expect(within(card(2)).getByText('Title is required')).toBeTruthy();
    expect(within(card(2)).getByText('Type is required')).toBeTruthy();
    expect(within(card(1)).queryByText('Title is required')).toBeNull();
    expect(sentWrites(fetch)).toEqual([]);
  });

  it("refuses a choice question with one option by the shared schema's rule, under its options", async () => {
    const fetch = renderPage();
    goWith('1');
    const first = within(card(1));
    fireEvent.change(first.getByLabelText(/^Type/), { target: { value: 'Select Option' } });
    fireEvent.change(first.getByLabelText(/^Title/), { target: { value: 'Do you smoke?' } });
    fireEvent.change(first.getByLabelText('New option'), { target: { value: 'Yes' } });
    fireEvent.click(first.getByRole('button', { name: 'Add option' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await first.findByText('Options need at least two choices')).toBeTruthy();
    expect(sentWrites(fetch)).toEqual([]);
    // Adding the second option clears it.
    fireEvent.change(first.getByLabelText('New option'), { target: { value: 'No' } });
    fireEvent.click(first.getByRole('button', { name: 'Add option' }));
    expect(first.queryByText('Options need at least two choices')).toBeNull();
  });
});
