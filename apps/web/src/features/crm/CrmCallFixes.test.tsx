// What went wrong on the agent's /CRM and how it holds now (issue 32): a Partial Call keeps what was typed at its question
// (the lead keeps the 'Partial Call' marker, the caller's draft the text); the call timer runs from the call's first
// start across a reload; a new search clears what the last one said; an answer typed just before the tab closes is sent
// with a keep-alive request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AGENT_PANEL_MESSAGES, SURVEY_MESSAGES, type TCallDraft, type TMyCalls } from '@crm/shared';
import {
  CELL,
  confirmEnd,
  LEAD,
  leadSaves,
  NO_CALLS,
  press,
  renderCrm,
  SAVE_ROUTE,
  saved,
  saveCompletedCall,
  searchNumber,
  surveyRegion,
  typeAtQ2,
} from '../../test/crm-calls.ts';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('Partial Call', () => {
  it("stores the 'Partial Call' marker on the lead and keeps the text typed at the question for the next call of it", async () => {
    // The server as it behaves: the save deletes the caller's draft, the draft written after it is listed and found again.
    let draft: TCallDraft | null = null;
    let lead = LEAD;
    const server = renderCrm({
      'GET /api/ap/getByNumber': () => ({ body: lead }),
      [SAVE_ROUTE]: (request) => {
        draft = null;
        lead = { ...LEAD, ...(request.body as Record<string, string | number | null>), version: 4 };
        return saved(lead);
      },
      'PUT /api/ap/draft/12': (request) => {
        const body = request.body as Pick<TCallDraft, 'path' | 'answers' | 'leadVersion'>;
        draft = {
          ...body,
          leadId: 12,
          cellNumber: CELL,
          respondentName: 'Rahim Uddin',
          currentQno: body.path.at(-1) ?? '',
          updatedAt: new Date().toISOString(),
        };
        return { body: { message: 'Draft saved', updatedAt: draft.updatedAt } };
      },
      'GET /api/ap/myCalls': (): { body: TMyCalls } => ({
        body: { ...NO_CALLS, drafts: draft === null ? [] : [draft] },
      }),
    });
    const survey = await typeAtQ2('Too expensive, maybe later');
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    await confirmEnd('2');
    await screen.findByText('Saved as Not interested. Search the next number.');
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([
      { Q1: 'No', Q2: 'Partial Call', is_called: 0, disposition: 'NI' },
    ]);
    await waitFor(() =>
      expect(draft).toMatchObject({
        path: ['Q1', 'Q2'],
        answers: { Q1: 'No', Q2: 'Too expensive, maybe later' },
        leadVersion: 4,
      }),
    );

    // The next call of the lead: back at Q2 with the text.
    await screen.findByRole('button', { name: `Resume ${CELL}` });
    searchNumber();
    const again = await surveyRegion();
    expect(((await within(again).findByLabelText('Answer to Q2')) as HTMLInputElement).value).toBe(
      'Too expensive, maybe later',
    );
    expect(within(again).getByText('Resumed at Q2, where your partial call stopped', { exact: false })).toBeTruthy();
    // Saved again from the version the Partial Call made.
    press('Enter');
    await confirmEnd('2');
    await screen.findByText('Saved as Not interested. Search the next number.');
    expect(leadSaves(server.sent).at(-1)?.query).toEqual({ leadId: '12', version: '4' });
    expect(leadSaves(server.sent).at(-1)?.body).toEqual({
      Q1: 'No',
      Q2: 'Too expensive, maybe later',
      is_called: 0,
      disposition: 'NI',
    });
  });
});

describe('the call timer', () => {
  it('goes on from the call’s first start when a call left unfinished resumes after a reload', async () => {
    const draft: TCallDraft = {
      leadId: 12,
      cellNumber: CELL,
      respondentName: 'Rahim Uddin',
      path: ['Q1', 'Q2'],
      currentQno: 'Q2',
      answers: { Q1: 'No' },
      leadVersion: 3,
      updatedAt: new Date().toISOString(),
    };
    renderCrm({
      'GET /api/ap/myCalls': { body: { ...NO_CALLS, drafts: [draft] } },
      'GET /api/ap/getByNumber': { body: { ...LEAD, callStartedAt: new Date(Date.now() - 183_000).toISOString() } },
    });
    const survey = await surveyRegion();
    await within(survey).findByRole('heading', { name: 'Q2. Why not?' });
    expect(within(survey).getByRole('timer', { name: 'Call time' }).textContent).toMatch(/^03:0[3-5]$/);
  });

  it('starts at 00:00 for a new call of a server that does not say when it began', async () => {
    renderCrm();
    searchNumber();
    const survey = await surveyRegion();
    expect(within(survey).getByRole('timer', { name: 'Call time' }).textContent).toMatch(/^00:0[0-2]$/);
  });
});

describe('a new search', () => {
  it('clears what the last search said, also a search with no number', async () => {
    renderCrm({ 'GET /api/ap/getByNumber': { body: { message: 'Lead is not generated' } } });
    searchNumber('01900000000');
    expect(await screen.findByText(SURVEY_MESSAGES.leadNotGenerated)).toBeTruthy();
    searchNumber('');
    expect(await screen.findByText(AGENT_PANEL_MESSAGES.cellNumberRequired)).toBeTruthy();
    expect(screen.queryByText(SURVEY_MESSAGES.leadNotGenerated)).toBeNull();
  });

  it('clears what the last save said', async () => {
    renderCrm();
    await saveCompletedCall();
    expect(await screen.findByText('Saved as Completed. Search the next number.')).toBeTruthy();
    searchNumber();
    await surveyRegion();
    expect(screen.queryByText('Saved as Completed. Search the next number.')).toBeNull();
    // The green notice goes too (it leaves with its transition).
    await waitFor(() => expect(screen.queryByText(SURVEY_MESSAGES.ended)).toBeNull());
  });
});

describe('a reload or a closed tab right after an answer', () => {
  it('sends the draft not yet sent with a keep-alive request carrying the sign-in', async () => {
    renderCrm();
    await typeAtQ2('Typed just before the tab closed');
    window.dispatchEvent(new Event('pagehide'));
    const fetchMock = vi.mocked(globalThis.fetch);
    const keptAlive = fetchMock.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(keptAlive).toHaveLength(1);
    const [url, init] = keptAlive[0] ?? [];
    expect(String(url)).toBe('/api/ap/draft/12?tableName=Mobile+Survey');
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(JSON.parse(String(init?.body))).toEqual({
      path: ['Q1', 'Q2'],
      answers: { Q1: 'No', Q2: 'Typed just before the tab closed' },
      leadVersion: 3,
    });
  });

  it('sends nothing when every answer is kept already', async () => {
    const server = renderCrm();
    const survey = await typeAtQ2('Kept');
    // The typed answer's draft went ("Keeping the answers…" as it goes), and came back kept.
    await waitFor(() =>
      expect(server.sent.filter((r) => r.path === '/api/ap/draft/12').at(-1)?.body).toMatchObject({
        answers: { Q2: 'Kept' },
      }),
    );
    await within(survey).findByText('Answers kept as a draft');
    window.dispatchEvent(new Event('pagehide'));
    expect(vi.mocked(globalThis.fetch).mock.calls.filter(([, init]) => init?.keepalive === true)).toEqual([]);
  });
});
