// The agent's /CRM never loses a call by a click: each answer is kept as a draft on the server, a call left
// unfinished resumes on arrival ("Resumed at Q2"), the idle screen lists the calls to resume, a new search gives the
// draft up, and leaving for another screen or reloading asks first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TCallDraft, TLead, TQuestion } from '@crm/shared';
import {
  CAMPAIGN,
  CELL,
  confirmEnd,
  leadSaves,
  NO_CALLS,
  renderCrmScreen,
  RULES,
  SAVE_ROUTE,
  searchNumber,
  SURVEY_PATH,
  surveyRegion,
  surveyRoute,
} from '../../test/crm-calls.ts';
import type { TFakeRoute, TSentRequest } from '../../test/lead-actions-test-fetch.ts';
import CrmPage from './CrmPage.tsx';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

// The campaign of test/crm-calls.ts with a third question (its rules: Yes ends the call as completed; No goes on).
const LEAD: TLead = {
  id: 12,
  cell_number: CELL,
  respondent_name: 'Rahim Uddin',
  data_date: '2026-11-20',
  generate_status: 1,
  is_called: 0,
  Q1: null,
  Q2: null,
  Q3: null,
  version: 3,
};
const question = (id: number, title: string, type: TQuestion['type'], options = ''): TQuestion => ({
  id,
  qno: `Q${id}`,
  campaignId: CAMPAIGN,
  title,
  type,
  options,
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
});
const QUESTIONS = [
  question(1, 'Do you smoke?', 'Select Option', 'Yes, No'),
  question(2, 'Which brand?', 'Select Option', 'Gold Leaf, Benson'),
  question(3, 'Anything else?', 'Text Input'),
];
const DRAFT: TCallDraft = {
  leadId: 12,
  cellNumber: CELL,
  respondentName: 'Rahim Uddin',
  path: ['Q1', 'Q2'],
  currentQno: 'Q2',
  answers: { Q1: 'No' },
  leadVersion: 2,
  updatedAt: '2026-11-20T09:00:00.000Z',
};
const SAVED = { message: 'Lead data updated successfully!', lead: { ...LEAD, is_called: 1 }, ignored: [] };

/** /CRM with a link to another screen, the campaign's three questions and this lead. */
function renderCrm(routes: Record<string, TFakeRoute> = {}) {
  return renderCrmScreen(
    <>
      <CrmPage />
      <Link to="/agent-performance">QC Review</Link>
    </>,
    {
      'GET /api/ap/getByNumber': { body: LEAD },
      [`GET ${SURVEY_PATH}`]: surveyRoute(QUESTIONS, RULES),
      [SAVE_ROUTE]: { body: SAVED },
      ...routes,
    },
  );
}

const draftPuts = (sent: TSentRequest[]) => sent.filter((r) => r.method === 'PUT' && r.path === '/api/ap/draft/12');
const location = () => screen.getByTestId('location').textContent;

async function searchAndAnswerNo() {
  searchNumber();
  const survey = await surveyRegion();
  fireEvent.click(within(survey).getByRole('radio', { name: '2 No' }));
  fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
  await within(survey).findByRole('heading', { name: 'Q2. Which brand?' });
  return survey;
}

describe('CrmPage keeps the call in progress as a draft', () => {
  it('sends the path and the answers so far at each step, with the version looked up, and says they are kept', async () => {
    const server = renderCrm();
    const survey = await searchAndAnswerNo();
    await waitFor(() =>
      expect(draftPuts(server.sent).at(-1)?.body).toEqual({
        path: ['Q1', 'Q2'],
        answers: { Q1: 'No' },
        leadVersion: 3,
      }),
    );
    expect(draftPuts(server.sent).at(-1)?.query).toEqual({ tableName: CAMPAIGN });
    expect(await within(survey).findByText('Answers kept as a draft')).toBeTruthy();
    expect(within(survey).getByText('Question 2 of about 3')).toBeTruthy();
  });

  it('resumes a call left unfinished on arrival, at its question with its answers, and saves it from the version it began with', async () => {
    const server = renderCrm({ 'GET /api/ap/myCalls': { body: { ...NO_CALLS, drafts: [DRAFT] } } });
    const survey = await screen.findByRole('region', { name: 'Survey' });
    expect(await within(survey).findByRole('heading', { name: 'Q2. Which brand?' })).toBeTruthy();
    expect(within(survey).getByText('Resumed at Q2', { exact: false })).toBeTruthy();
    expect(within(within(survey).getByRole('list', { name: 'Answers so far' })).getByText('No')).toBeTruthy();
    fireEvent.click(within(survey).getByRole('button', { name: 'Back' }));
    expect((within(survey).getByRole('radio', { name: '2 No' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(survey).findByRole('radio', { name: '1 Gold Leaf' }));
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    // Language barrier (key 4 of the dispositions a call not completed may end with): no callback to set.
    await confirmEnd('4');
    await screen.findByText('Saved as Language barrier. Search the next number.');
    const save = leadSaves(server.sent)[0];
    expect(save?.query).toEqual({ leadId: '12', version: '2' });
    expect(save?.body).toEqual({ Q1: 'No', Q2: 'Partial Call', Q3: null, is_called: 0, disposition: 'LANG' });
    // After the save (which deleted the draft on the server) one draft keeps what was at the question it stopped at,
    // from the version the save made.
    const saveIndex = server.sent.indexOf(save as TSentRequest);
    await waitFor(() =>
      expect(draftPuts(server.sent.slice(saveIndex)).map((r) => r.body)).toEqual([
        { path: ['Q1', 'Q2'], answers: { Q1: 'No', Q2: 'Gold Leaf' }, leadVersion: 3 },
      ]),
    );
  });

  it('gives the draft up when the agent searches another number after confirming', async () => {
    const server = renderCrm();
    await searchAndAnswerNo();
    searchNumber('01812345678');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.count('DELETE', '/api/ap/draft/12')).toBe(1));
    expect(server.sent.find((r) => r.method === 'DELETE')?.query).toEqual({ tableName: CAMPAIGN });
  });
});

describe('CrmPage idle screen', () => {
  it("lists today's partial calls and the last calls saved, and resumes a partial call in one click", async () => {
    const partial = {
      leadId: 12,
      cellNumber: CELL,
      respondentName: 'Rahim Uddin',
      savedAt: '2026-11-20T08:05:09.000Z',
      isCalled: 0,
      stoppedAt: 'Q2',
    };
    const done = {
      leadId: 13,
      cellNumber: '+8801812345678',
      respondentName: 'Fatema Begum',
      savedAt: '2026-11-20T08:01:00.000Z',
      isCalled: 1,
      stoppedAt: null,
    };
    const server = renderCrm({
      'GET /api/ap/myCalls': { body: { ...NO_CALLS, partialCalls: [partial], recentCalls: [partial, done] } },
      'GET /api/ap/getByNumber': { body: { ...LEAD, Q1: 'No', Q2: 'Partial Call' } },
    });
    const toResume = await screen.findByRole('table', { name: 'Calls to resume (today)' });
    expect(within(toResume).getByText('Partial at Q2')).toBeTruthy();
    const recent = screen.getByRole('table', { name: 'Your last calls saved' });
    expect(
      within(recent)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringMatching(/^\d{2}:\d{2}:\d{2}\+8801712345678Rahim UddinPartial at Q2$/),
      expect.stringMatching(/^\d{2}:\d{2}:\d{2}\+8801812345678Fatema BegumCompleted$/),
    ]);

    fireEvent.click(within(toResume).getByRole('button', { name: `Resume ${CELL}` }));
    const survey = await screen.findByRole('region', { name: 'Survey' });
    expect(await within(survey).findByRole('heading', { name: 'Q2. Which brand?' })).toBeTruthy();
    expect(within(survey).getByText('Resumed at Q2', { exact: false })).toBeTruthy();
    // The partial call's own lead, also when its number was generated on another date since.
    expect(server.sent.find((r) => r.path === '/api/ap/getByNumber')?.query).toEqual({
      tableName: CAMPAIGN,
      cellNumber: CELL,
      leadId: '12',
    });
  });
});

describe('CrmPage mid-call', () => {
  it('asks before another screen takes over; Stay keeps the call, Leave goes', async () => {
    renderCrm();
    const survey = await searchAndAnswerNo();
    fireEvent.click(screen.getByRole('link', { name: 'QC Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this call?' });
    expect(within(dialog).getByText(/kept as a draft: come back to CRM to resume at Q2/)).toBeTruthy();
    expect(location()).toBe('/CRM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this call' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/CRM');
    expect(within(survey).getByRole('heading', { name: 'Q2. Which brand?' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'QC Review' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave this call?' })).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(location()).toBe('/agent-performance'));
  });

  it('asks the browser to confirm a reload or a closed tab only while a call has answers', async () => {
    renderCrm();
    await screen.findByRole('heading', { name: 'Calls to resume (today)' });
    const idle = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(idle);
    expect(idle.defaultPrevented).toBe(false);
    await searchAndAnswerNo();
    const midCall = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(midCall);
    expect(midCall.defaultPrevented).toBe(true);
  });
});
