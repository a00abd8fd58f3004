// /results: a campaign's questions drawn from the reply (grouped counts, one-decimal shares, Bengali as it came), filters
// written to the address and sent, the cross-tab as counts and shares, text answers searched, the exports saved, a
// client's own campaign picked for it, the server's refusal in its words, and j/k between the questions.
import '../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import type { TResultAgent, TResultCrosstab, TResultTexts, TResults } from '@crm/shared';
import { clearSession, storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { makeToken } from '../../test/tokens.ts';
import ResultsPage, { RESULTS_FAILED } from './ResultsPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

// 2,900 calls of Spring Survey: Q1 a Select (2,000 answered), Q2 a Number, Q3 a text question.
const RESULTS: TResults = {
  calls: 2900,
  questions: [
    {
      questionId: 11,
      qno: 'Q1',
      title: 'আপনি কোন ব্র্যান্ড ব্যবহার করেন?',
      type: 'Select Option',
      answered: 2000,
      skipped: 400,
      notReached: 500,
      options: [
        { option: 'গোল্ড লিফ', count: 1500, percent: 75 },
        { option: 'Navy', count: 500, percent: 25 },
      ],
    },
    {
      questionId: 12,
      qno: 'Q2',
      title: 'How many packs a week?',
      type: 'Number',
      answered: 3,
      skipped: 0,
      notReached: 2897,
      numbers: {
        mean: 4.333,
        median: 4,
        min: 2,
        max: 7,
        histogram: [
          { from: 2, to: 5, count: 2 },
          { from: 5, to: 7, count: 1 },
        ],
      },
    },
    {
      questionId: 13,
      qno: 'Q3',
      title: 'Why?',
      type: 'Textarea',
      answered: 12,
      skipped: 0,
      notReached: 2888,
      texts: 12,
    },
  ],
  endedAt: [
    { qno: 'Q1', notCompleted: 1200, partial: 3 },
    { qno: 'Q2', notCompleted: 0, partial: 0 },
  ],
  quotas: [
    {
      quotaId: 1,
      name: 'region = Dhaka',
      count: 30,
      limit: 40,
      fillPercent: 75,
      perDay: [
        { day: '2026-03-01', count: 10 },
        { day: '2026-03-02', count: 20 },
      ],
    },
  ],
};

const CROSSTAB: TResultCrosstab = {
  rows: ['গোল্ড লিফ', 'Navy'],
  cols: ['Dhaka', 'Khulna'],
  counts: [
    [1200, 300],
    [100, 400],
  ],
  rowTotals: [1500, 500],
  colTotals: [1300, 700],
  total: 2000,
};

const TEXTS: TResultTexts = {
  total: 12,
  page: 0,
  size: 10,
  items: [{ leadId: '77', day: '2026-03-02', agentId: 'A-1', answer: 'দাম কম' }],
};

const AGENTS: Record<string, TResultAgent[]> = {
  'Spring Survey': [
    { agentId: 'AG-7', name: 'রহিম উদ্দিন' },
    { agentId: 'AG-9', name: 'Karim Hossain' },
  ],
  'Old Promo': [
    { agentId: 'AG-9', name: 'Karim Hossain' },
    { agentId: 'AG-12', name: null },
  ],
};

const ROUTES: Record<string, TFakeRoute> = {
  'GET /api/results': { body: RESULTS },
  'GET /api/results/crosstab': { body: CROSSTAB },
  'GET /api/results/text': { body: TEXTS },
  'GET /api/dispositions': {
    body: [{ code: 'CMP', name: 'Completed', kind: 'completed', vicidialStatus: 'SALE' }],
  },
  // Each campaign's own agents: AG-9 called both, AG-12 is an ID no agent holds now.
  'GET /api/results/agents': (r) => ({ body: AGENTS[r.query.campaignName ?? ''] ?? [] }),
};

/** The browser's Back, for the screen's history. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function renderPage(route: string, routes: Record<string, TFakeRoute> = {}, token = makeToken()) {
  storeSession(token);
  const server = fakeServer({ ...ROUTES, ...routes });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:results');
  renderWithApp(
    <>
      <ResultsPage />
      <BackButton />
    </>,
    { route },
  );
  return { server, saved };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));
const location = () => screen.getByTestId('location').textContent ?? '';
const lastResults = (server: ReturnType<typeof fakeServer>) =>
  server.sent.filter((r) => r.path === '/api/results').at(-1)?.query;

describe('ResultsPage', () => {
  it("draws each question's figures, grouped and with one decimal, Bengali as it came", async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07');
    const options = await screen.findByRole('table', { name: 'Options of Q1' });
    expect(rowsOf(options)).toEqual([
      ['Option', 'Count', '%'],
      ['গোল্ড লিফ', '1,500', '75.0%'],
      ['Navy', '500', '25.0%'],
    ]);
    expect(screen.getByTestId('results-calls').textContent).toBe('2,900 calls');
    expect(screen.getByTestId('reach-Q1').textContent).toBe('Answered 2,000 · skipped 400 · not reached 500');
    expect(screen.getByRole('heading', { name: 'Q1 · আপনি কোন ব্র্যান্ড ব্যবহার করেন?' })).toBeTruthy();
    const numbers = screen.getByTestId('numbers-Q2');
    expect(numbers.textContent).toBe('Mean4.33Median4Min2Max7');
    expect(screen.getByRole('button', { name: 'Show the 12 answers to Q3' })).toBeTruthy();
    expect(lastResults(server)).toEqual({ campaignName: 'Spring Survey', from: '2026-03-01', to: '2026-03-07' });
  });

  it('writes each filter to the address and asks with it', async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07');
    await screen.findByRole('table', { name: 'Options of Q1' });
    fireEvent.click(screen.getByLabelText('QC-passed only'));
    await waitFor(() => expect(lastResults(server)).toMatchObject({ qcPassed: 'true' }));
    fireEvent.change(screen.getByLabelText('Lead field'), { target: { value: 'region' } });
    const value = screen.getByLabelText('Field value');
    fireEvent.change(value, { target: { value: 'Dhaka' } });
    fireEvent.keyDown(value, { key: 'Enter' });
    await waitFor(() => expect(lastResults(server)).toMatchObject({ 'field.region': 'Dhaka', qcPassed: 'true' }));
    fireEvent.change(await screen.findByLabelText('Disposition'), { target: { value: 'CMP' } });
    await waitFor(() => expect(lastResults(server)).toMatchObject({ disposition: 'CMP' }));
    expect(location()).toBe(
      '/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&qcPassed=true&disposition=CMP&field.region=Dhaka',
    );
  });

  it('filters on several lead fields at once, each removable', async () => {
    const { server } = renderPage(
      '/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&field.region=Dhaka',
    );
    await screen.findByRole('table', { name: 'Options of Q1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add another lead field' }));
    await waitFor(() => expect(screen.getByLabelText('Lead field')).toHaveProperty('value', ''));
    fireEvent.change(screen.getByLabelText('Lead field'), { target: { value: 'brand' } });
    const value = screen.getByLabelText('Field value');
    fireEvent.change(value, { target: { value: 'Navy' } });
    fireEvent.keyDown(value, { key: 'Enter' });
    await waitFor(() => expect(lastResults(server)).toMatchObject({ 'field.region': 'Dhaka', 'field.brand': 'Navy' }));
    expect(location()).toBe(
      '/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&field.region=Dhaka&field.brand=Navy',
    );
    const set = screen.getByRole('list', { name: 'Lead fields set' });
    expect(within(set).getByRole('listitem').textContent).toBe('region = Dhaka');
    fireEvent.click(screen.getByRole('button', { name: 'Remove region = Dhaka' }));
    await waitFor(() => expect(lastResults(server)).not.toHaveProperty('field.region'));
    expect(lastResults(server)).toMatchObject({ 'field.brand': 'Navy' });
  });

  it('names a reversed range and asks nothing for it', async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-08&to=2026-03-07');
    expect((await screen.findByRole('alert')).textContent).toBe('The end date must be on or after the start date');
    expect(server.count('GET', '/api/results')).toBe(0);
    expect(screen.getByRole('button', { name: 'Export xlsx' })).toHaveProperty('disabled', true);
  });

  it('shows a cross-tab as counts, row % and column %, with its totals', async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&tab=crosstab');
    fireEvent.change(await screen.findByLabelText('Rows'), { target: { value: 'Q1' } });
    fireEvent.change(screen.getByLabelText('Columns'), { target: { value: 'region' } });
    const counts = await screen.findByRole('table', { name: 'Q1 by region, calls' });
    expect(rowsOf(counts)).toEqual([
      ['Q1 \\ region', 'Dhaka', 'Khulna', 'Total'],
      ['গোল্ড লিফ', '1,200', '300', '1,500'],
      ['Navy', '100', '400', '500'],
      ['Total', '1,300', '700', '2,000'],
    ]);
    expect(server.sent.at(-1)?.query).toMatchObject({ row: 'Q1', col: 'region', campaignName: 'Spring Survey' });
    // Its chart beside the table follows the cells' choice.
    expect(
      screen.getByRole('img', { name: 'Chart of Q1 by region: a bar per Q1, stacked by region, calls' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Row %'));
    // 1200 / 1500, 300 / 1500; the column totals as shares of all 2,000.
    expect(rowsOf(await screen.findByRole('table', { name: 'Q1 by region, % of each row' })).slice(1)).toEqual([
      ['গোল্ড লিফ', '80.0%', '20.0%', '100.0%'],
      ['Navy', '20.0%', '80.0%', '100.0%'],
      ['Total', '65.0%', '35.0%', '100.0%'],
    ]);
    fireEvent.click(screen.getByText('Column %'));
    expect(rowsOf(await screen.findByRole('table', { name: 'Q1 by region, % of each column' })).slice(1)).toEqual([
      ['গোল্ড লিফ', '92.3%', '42.9%', '75.0%'],
      ['Navy', '7.7%', '57.1%', '25.0%'],
      ['Total', '100.0%', '100.0%', '100.0%'],
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Chart of Q1 by region: a bar per region, stacked by Q1, % of each region',
      }),
    ).toBeTruthy();
    expect(location()).toBe(
      '/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&tab=crosstab&row=Q1&col=region&show=col',
    );
  });

  it("lists a text question's answers and searches them", async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07');
    fireEvent.click(await screen.findByRole('button', { name: 'Show the 12 answers to Q3' }));
    const answers = await screen.findByRole('table', { name: 'Answers to Q3 Why?' });
    expect(rowsOf(answers).slice(1)).toEqual([['2026-03-02', 'A-1', 'দাম কম']]);
    const search = screen.getByLabelText('Search the answers to Q3');
    fireEvent.change(search, { target: { value: 'দাম' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(server.sent.filter((r) => r.path === '/api/results/text').at(-1)?.query).toMatchObject({
        question: 'Q3',
        q: 'দাম',
        page: '0',
        size: '10',
      }),
    );
  });

  it('shows where calls end and the quotas', async () => {
    renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&tab=ended');
    const ended = await screen.findByRole('table', { name: 'Where calls end, per question' });
    // Q2 lost no call: left out.
    expect(rowsOf(ended).slice(1)).toEqual([['Q1 আপনি কোন ব্র্যান্ড ব্যবহার করেন?', '1,200', '3', '1,203']]);
    fireEvent.click(screen.getByRole('tab', { name: 'Quotas (1)' }));
    expect(rowsOf(await screen.findByRole('table', { name: 'Quota progress' })).slice(1)).toEqual([
      ['region = Dhaka', '30', '40', '75.0%', ''],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Completes counted per day' })).slice(1)).toEqual([
      ['2026-03-01', '10'],
      ['2026-03-02', '20'],
    ]);
    // Beside the table, the selection's completes summed to the range's last day against the limit: 30 of 40.
    expect(
      screen.getByRole('img', { name: 'Running fill of region = Dhaka: 30 of 40 (75.0%) by 2026-03-07' }),
    ).toBeTruthy();
  });

  it('exports xlsx with the lead fields chosen and CSV, with the filters applied', async () => {
    const { server, saved } = renderPage(
      '/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&fields=region,brand',
      {
        'GET /api/results/export': { body: 'file' },
      },
    );
    await screen.findByRole('table', { name: 'Options of Q1' });
    fireEvent.click(screen.getByRole('button', { name: 'Export xlsx' }));
    expect(await screen.findByText('Saved results-Spring_Survey-2026-03-01-2026-03-07.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Saved results-Spring_Survey-2026-03-01-2026-03-07.csv')).toBeTruthy();
    expect(server.sent.filter((r) => r.path === '/api/results/export').map((r) => r.query)).toEqual([
      { campaignName: 'Spring Survey', from: '2026-03-01', to: '2026-03-07', fields: 'region,brand' },
      { campaignName: 'Spring Survey', from: '2026-03-01', to: '2026-03-07', fields: 'region,brand', format: 'csv' },
    ]);
    expect(saved).toEqual([
      'results-Spring_Survey-2026-03-01-2026-03-07.xlsx',
      'results-Spring_Survey-2026-03-01-2026-03-07.csv',
    ]);
  });

  it("shows the server's refusal in its words, with a retry", async () => {
    renderPage('/results?campaignName=Other', {
      'GET /api/results': {
        status: 403,
        body: { message: 'The campaign Other is not one of yours', code: 'NOT_YOUR_CAMPAIGN' },
      },
    });
    expect(await screen.findByText(RESULTS_FAILED)).toBeTruthy();
    expect(screen.getByText('The campaign Other is not one of yours')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offers a client its own campaigns and shows its only one at once', async () => {
    const client = makeToken({
      userName: 'client.radiant',
      name: 'Radiant',
      roles: [{ roleName: 'CLIENT', roleDescription: 'Client' }],
    });
    const { server } = renderPage(
      '/results',
      {
        'GET /api/clients/me': {
          body: {
            name: 'Radiant',
            campaigns: [{ campaignId: 1, campaignName: 'Spring Survey' }],
            recordingsAllowed: false,
          },
        },
        'GET /api/dispositions': { status: 403, body: { message: 'Forbidden' } },
      },
      client,
    );
    expect(await screen.findByRole('table', { name: 'Options of Q1' })).toBeTruthy();
    // The last 30 days: no dates were named.
    expect(location()).toMatch(/^\/results\?campaignName=Spring\+Survey&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    expect(server.count('GET', '/cc/campaigns')).toBe(0);
    expect(server.count('GET', '/dt/viewAllDataTables')).toBe(0);
    // The dispositions and the agents are not the client's to list: the code and the ID are typed, nothing refused asked.
    expect((await screen.findByLabelText('Disposition')).tagName).toBe('INPUT');
    expect(screen.getByLabelText('Agent').getAttribute('placeholder')).toBe('Agent ID');
    expect(server.count('GET', '/api/dispositions')).toBe(0);
    expect(server.count('GET', '/api/results/agents')).toBe(0);
  });

  it('picks the agent by name, searched, and keeps the agent ID in the address', async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07');
    await screen.findByRole('table', { name: 'Options of Q1' });
    await screen.findByPlaceholderText('Any agent');
    const picker = screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT');
    if (picker === undefined) throw new Error('no agent picker');
    fireEvent.change(picker, { target: { value: 'রহিম' } });
    fireEvent.click(await screen.findByRole('option', { name: 'রহিম উদ্দিন (AG-7)', hidden: true }));
    await waitFor(() => expect(lastResults(server)).toMatchObject({ agentId: 'AG-7' }));
    expect(location()).toBe('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&agentId=AG-7');
  });

  it("offers the campaign's own agents, asked again when the campaign changes, keeping one the new list holds", async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&agentId=ag-9');
    await screen.findByRole('table', { name: 'Options of Q1' });
    const picker = () => screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT');
    await waitFor(() => expect(picker()).toHaveProperty('value', 'Karim Hossain (AG-9)'));
    expect(server.sent.filter((r) => r.path === '/api/results/agents').map((r) => r.query)).toEqual([
      { campaignName: 'Spring Survey' },
    ]);
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Old Promo' } });
    await waitFor(() =>
      expect(server.sent.filter((r) => r.path === '/api/results/agents').at(-1)?.query).toEqual({
        campaignName: 'Old Promo',
      }),
    );
    await waitFor(() => expect(lastResults(server)).toMatchObject({ campaignName: 'Old Promo', agentId: 'ag-9' }));
    // The results may be asked before the new campaign's list has come back: wait for the picker, not for a time.
    await waitFor(() => expect(picker()).toHaveProperty('value', 'Karim Hossain (AG-9)'));
    expect(screen.queryByText(/made no calls/)).toBeNull();
    // An ID no agent holds now is offered as it is.
    fireEvent.click(picker() as HTMLElement);
    expect(await screen.findByRole('option', { name: 'AG-12', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'রহিম উদ্দিন (AG-7)', hidden: true })).toBeNull();
  });

  it('clears a chosen agent the new campaign never had, says so, and Back returns to the agent', async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&agentId=AG-7');
    await screen.findByRole('table', { name: 'Options of Q1' });
    await waitFor(() =>
      expect(screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT')).toHaveProperty(
        'value',
        'রহিম উদ্দিন (AG-7)',
      ),
    );
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Old Promo' } });
    expect(
      await screen.findByText('Agent AG-7 made no calls in Old Promo: the agent filter was cleared.'),
    ).toHaveProperty('role', 'status');
    await waitFor(() => expect(location()).toBe('/results?campaignName=Old+Promo&from=2026-03-01&to=2026-03-07'));
    await waitFor(() =>
      expect(lastResults(server)).toEqual({ campaignName: 'Old Promo', from: '2026-03-01', to: '2026-03-07' }),
    );
    expect(screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT')).toHaveProperty('value', '');
    // The clearing took no step of its own: Back is the campaign and agent before.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(location()).toBe('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&agentId=AG-7'),
    );
    expect(screen.queryByText(/made no calls/)).toBeNull();
  });

  it('clears an agent a shared link names but the campaign never had, and says so', async () => {
    renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&agentId=AG-OLD');
    expect(
      await screen.findByText('Agent AG-OLD made no calls in Spring Survey: the agent filter was cleared.'),
    ).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07'));
  });

  it('lets an admin type the agent ID when the list cannot be read', async () => {
    const { server } = renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07', {
      'GET /api/results/agents': { status: 500, body: { message: 'Boom' } },
    });
    await screen.findByRole('table', { name: 'Options of Q1' });
    const typed = await screen.findByPlaceholderText('Agent ID');
    fireEvent.change(typed, { target: { value: 'AG-3' } });
    fireEvent.keyDown(typed, { key: 'Enter' });
    await waitFor(() => expect(lastResults(server)).toMatchObject({ agentId: 'AG-3' }));
  });

  it('asks an admin to pick a campaign first, and asks nothing', async () => {
    const { server } = renderPage('/results');
    expect(await screen.findByText('Pick a campaign above to see how its survey is answering.')).toBeTruthy();
    expect(server.count('GET', '/api/results')).toBe(0);
  });

  it('moves between the questions with j and k', async () => {
    renderPage('/results?campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07');
    await screen.findByRole('table', { name: 'Options of Q1' });
    const card = (qno: string) => document.getElementById(`question-${qno}`);
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(card('Q2')));
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(card('Q3')));
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(document.activeElement).toBe(card('Q2')));
    const index = screen.getByRole('navigation', { name: 'Questions' });
    const marked = within(index)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('data-active'));
    expect(marked.map((b) => b.textContent)).toEqual(['Q2 How many packs a week?']);
    // Typed into a field (the agent picker's search), j is a letter.
    const value = screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT');
    if (value === undefined) throw new Error('no agent picker');
    value.focus();
    fireEvent.keyDown(value, { key: 'j' });
    expect(document.activeElement).toBe(value);
  });
});
