// /qcChecking in jsdom against a fake server: the required search fields, the lead and recordings found in parallel,
// the tick, live totals, a submit storing both records and linking the ticked recording, a refused record, the
// correction of a lead answer (with the version the search found), the lead's calls and its answer history.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  LEAD_NOT_GENERATED,
  QC_MESSAGES,
  qcGrade,
  SURVEY_MESSAGES,
  type TCallAttempt,
  type TLeadAnswerHistoryEntry,
  type TVoiceFile,
} from '@crm/shared';
import { formatDateTime } from '../../../app/time-zone.ts';
import { notifications } from '@mantine/notifications';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, type TFakeRoute, type TSentRequest } from '../../../test/lead-actions-test-fetch.ts';
import QcPanelPage from './QcPanelPage.tsx';
import { question } from '../../../test/panel-test-data.ts';
import { SEARCH_PROBLEMS } from './search-form.ts';
import { TICK_LABEL } from './SuccessTick.tsx';

const NUMBER = '01712345678';
const DATE = '2026-11-19';

const QUESTIONS = [
  question(2, 'Q2', 'Which brands?', 'Multi Select Option', 'Gold Leaf, Benson'),
  question(1, 'Q1', 'Do you smoke?', 'Select Option', 'Yes, No'),
];
const LEAD = {
  id: 7,
  cell_number: '+8801712345678',
  respondent_name: 'Rahim Uddin',
  data_date: '2026-11-18',
  Q2: 'Benson',
  Q1: 'Yes',
  version: 4,
};
const HISTORY: TLeadAnswerHistoryEntry[] = [
  {
    version: 4,
    agentId: 'AG-1001',
    savedAt: '2026-11-18T09:30:00.000Z',
    answers: { Q1: 'Yes', Q2: 'Benson' },
    isCalled: 1,
  },
  {
    version: 3,
    agentId: 'AG-1002',
    savedAt: '2026-11-18T08:10:00.000Z',
    answers: { Q1: 'Yes', Q2: 'Partial Call' },
    isCalled: 0,
  },
];
const ATTEMPTS: TCallAttempt[] = [
  {
    id: 12,
    agentId: 'AG-1001',
    agentName: 'Karim Hossain',
    startedAt: '2026-11-18T09:26:00.000Z',
    endedAt: '2026-11-18T09:30:00.000Z',
    handleSeconds: 240,
    disposition: 'COMPLETE',
    dispositionName: 'Completed',
    dispositionKind: 'completed',
    completed: true,
    dialerCallId: '5501',
    dialerStatus: null,
  },
  {
    id: 11,
    agentId: 'AG-1002',
    agentName: 'Salma Khatun',
    startedAt: '2026-11-18T08:08:30.000Z',
    endedAt: '2026-11-18T08:10:00.000Z',
    handleSeconds: 90,
    disposition: 'CALLBACK',
    dispositionName: 'Partial / call back',
    dispositionKind: 'callback',
    completed: false,
    dialerCallId: null,
    dialerStatus: null,
  },
];
const FILE: TVoiceFile = {
  dateTime: '2026-11-19T10:15:00.000Z',
  phoneNumber: NUMBER,
  campaignName: 'Spring Survey',
  agentId: 'ag-1001',
  fileName: `${NUMBER}_AG-1001.wav`,
  duration: 42,
  checks: null,
};

function recordReply(request: TSentRequest, id: number) {
  const body = request.body as Record<string, unknown>;
  const suffix = id === 21 ? 'Marks' : '';
  const total = [
    'greetings',
    'liveliness',
    'pronunciation',
    'mumbling',
    'pace',
    'pitch',
    'courtesy',
    'holdProcess',
    'takingPermission',
    'acknowledgementAndFollowUp',
    'poorObjectionAndNegotiationSkill',
    'crm',
    'closing',
    'fatal',
  ]
    .map((k) => Number(body[`${k}${suffix}`]))
    .reduce((a, b) => a + b, 0);
  return {
    body: {
      ...body,
      id,
      agentName: 'Karim Hossain',
      qcInspector: 'qc.rahman',
      total,
      agentGrade: qcGrade(total),
      fileName: null,
      createdAt: '2026-11-19T12:00:00.000Z',
      version: 0,
      scorecardId: 1,
    },
  };
}

const ROUTES: Record<string, TFakeRoute> = {
  'GET /api/ap/getByNumber': { body: LEAD },
  'GET /api/ap/answerHistory/7': { body: HISTORY },
  'GET /api/leads/7/attempts': { body: ATTEMPTS },
  'GET /questions/getToSetLogic/Spring Survey': { body: QUESTIONS },
  'GET /api/voicelog/search': {
    body: { content: [FILE], totalElements: 1, totalPages: 1, size: 10, number: 0, first: true, last: true },
  },
  'GET /api/qcReport/agents': {
    body: [
      { agentId: 'AG-1001', name: 'Karim Hossain' },
      { agentId: 'AG-1002', name: 'Salma Khatun' },
    ],
  },
  'POST /api/qcReport/add': (r) => recordReply(r, 11),
  'POST /api/qcReport/addforclient': (r) => recordReply(r, 21),
  'POST /api/qcReport/add-qc-report-file': (r) => {
    const body = r.body as { qcReport: { id: number }; fileName: string };
    return { body: { id: body.qcReport.id + 100, fileName: body.fileName, qcReport: body.qcReport, callDate: DATE } };
  },
};

// The page is large (28 segmented controls); on a busy machine jsdom needs more than a second per wait.
configure({ asyncUtilTimeout: 10_000 });

// Mantine's autosize Textarea listens for web fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  // Mantine keeps notifications in a module-wide store: without this, one test's messages show in the next.
  notifications.clean();
});

async function searchCall(number = NUMBER) {
  await screen.findByRole('option', { name: 'Spring Survey' });
  fireEvent.change(screen.getByLabelText(/^Campaign/), { target: { value: 'Spring Survey' } });
  fireEvent.change(screen.getByLabelText(/^Consumer number/), { target: { value: number } });
  fireEvent.change(screen.getByLabelText(/^Call date/), { target: { value: DATE } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

function loadMetadata(seconds: number) {
  const audio = document.querySelector('audio');
  if (audio === null) throw new Error('no player');
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent(audio, new Event('loadedmetadata'));
}

const agentInput = () => screen.getByLabelText<HTMLInputElement>(/^Agent/, { selector: 'input' });
const output = (name: string) => screen.getByLabelText(name).textContent;

describe('QcPanelPage', { timeout: 60_000 }, () => {
  it('asks for every search field and sends nothing until they are there', async () => {
    const server = fakeServer(ROUTES);
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await screen.findByRole('option', { name: 'Spring Survey' });
    fireEvent.change(screen.getByLabelText(/^Call date/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(QC_MESSAGES.searchRequired)).toBeTruthy();
    for (const problem of [SEARCH_PROBLEMS.campaignName, SEARCH_PROBLEMS.consumerNumber, SEARCH_PROBLEMS.callDate])
      expect(screen.getByText(problem)).toBeTruthy();
    expect(
      server.sent.filter((r) => r.path === '/api/ap/getByNumber' || r.path === '/api/voicelog/search'),
    ).toHaveLength(0);
  });

  it('finds the lead and the recordings, ticks the played call, and submits both records linked to it', async () => {
    const server = fakeServer(ROUTES);
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();

    // Answers titled by qno, in qno order, whatever order the lead and questions came in.
    const answers = within(await screen.findByRole('region', { name: 'Customer Response' }));
    const rows = answers
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['Q1Do you smoke?Yes', 'Q2Which brands?Benson']);
    expect(screen.getByText('Rahim Uddin')).toBeTruthy();
    expect(server.sent.find((r) => r.path === '/api/voicelog/search')?.query).toEqual({
      directory: DATE,
      msisdn: NUMBER,
      page: '0',
      size: '10',
    });

    // One recording: its agent (ids compared ignoring case) is preselected.
    const records = within(screen.getByRole('region', { name: 'Call Records' }));
    expect(records.getByText(/Duration: 42 seconds/)).toBeTruthy();
    await waitFor(() => expect((agentInput() as HTMLInputElement).value).toBe('Karim Hossain (AG-1001)'));

    // The tick before anything loaded says so.
    fireEvent.click(screen.getByRole('button', { name: TICK_LABEL }));
    expect(await screen.findByText(QC_MESSAGES.durationNotAvailable)).toBeTruthy();

    fireEvent.click(records.getByRole('button', { name: `Play ${FILE.fileName}` }));
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    loadMetadata(41.8);
    fireEvent.click(screen.getByRole('button', { name: TICK_LABEL }));
    expect(await screen.findByText(QC_MESSAGES.successfulCall)).toBeTruthy();
    expect(screen.getByRole('button', { name: TICK_LABEL }).getAttribute('aria-pressed')).toBe('true');

    // Scores: live totals per column.
    expect(output('Marks 1 total')).toBe('100');
    fireEvent.click(within(screen.getByLabelText('Marks 1: Pace')).getByLabelText('No (0)'));
    fireEvent.click(within(screen.getByLabelText('Marks 2: CRM')).getByLabelText('Need Improvement (10)'));
    fireEvent.click(within(screen.getByLabelText('Marks 2: Greetings')).getByLabelText('No (-5)'));
    expect(output('Marks 1 total')).toBe('90');
    expect(output('Marks 2 total')).toBe('85');
    expect(output('Marks 2 grade')).toBe('Meet Expectation');
    fireEvent.change(screen.getByLabelText('Marks 1 suggestion'), { target: { value: 'Keep a steady pace' } });
    fireEvent.change(screen.getByLabelText('Marks 2 EAS voice matched with report'), { target: { value: 'Yes' } });

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(QC_MESSAGES.fileStored)).toBeTruthy();
    expect((await screen.findAllByText(QC_MESSAGES.reportSubmitted)).length).toBeGreaterThan(0);

    const add = server.sent.find((r) => r.path === '/api/qcReport/add')?.body;
    expect(add).toMatchObject({
      callDate: DATE,
      campaignName: 'Spring Survey',
      consumerNumber: NUMBER,
      agentId: 'AG-1001',
      duration: 41,
      pace: 0,
      crm: 20,
      suggestion: 'Keep a steady pace',
      easVoiceMatchedWithReport: '',
    });
    const addClient = server.sent.find((r) => r.path === '/api/qcReport/addforclient')?.body;
    expect(addClient).toMatchObject({
      agentId: 'AG-1001',
      duration: 41,
      crmMarks: 10,
      greetingsMarks: -5,
      paceMarks: 10,
      easVoiceMatchedWithReportMarks: 'Yes',
    });
    const links = server.sent.filter((r) => r.path === '/api/qcReport/add-qc-report-file').map((r) => r.body);
    expect(links).toEqual([
      { qcReport: { id: 11 }, fileName: FILE.fileName },
      { qcReport: { id: 21 }, fileName: FILE.fileName },
    ]);

    // Ready for the next call: the server's figures shown, the number cleared, campaign and date kept.
    expect(
      screen.getByText(/In-house record #11: 90, Exceed Expectation\. Client record #21: 85, Meet Expectation\./),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Consumer number/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Campaign/) as HTMLSelectElement).value).toBe('Spring Survey');
    expect(screen.queryByRole('region', { name: 'QC Rating' })).toBeNull();
  });

  it('shows recordings when the lead was not generated, and submits without a link when nothing was ticked', async () => {
    const server = fakeServer({ ...ROUTES, 'GET /api/ap/getByNumber': { body: { message: LEAD_NOT_GENERATED } } });
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    expect(await screen.findByText(new RegExp(SURVEY_MESSAGES.leadNotGenerated))).toBeTruthy();
    expect(await screen.findByRole('button', { name: `Play ${FILE.fileName}` })).toBeTruthy();
    await waitFor(() => expect((agentInput() as HTMLInputElement).value).toBe('Karim Hossain (AG-1001)'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText(QC_MESSAGES.reportSubmitted)).length).toBeGreaterThan(0);
    expect(server.sent.find((r) => r.path === '/api/qcReport/add')?.body).toMatchObject({ duration: null });
    expect(server.count('POST', '/api/qcReport/add-qc-report-file')).toBe(0);
    expect(screen.queryByText(QC_MESSAGES.fileStored)).toBeNull();
  });

  it('shows the server’s reason for a refused record and stores the other one only once', async () => {
    let refuse = true;
    const server = fakeServer({
      ...ROUTES,
      'POST /api/qcReport/addforclient': (r) =>
        refuse ? { status: 400, body: { message: 'No agent with agentId AG-1001' } } : recordReply(r, 21),
    });
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    await waitFor(() => expect((agentInput() as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(/The client record \(Marks 2\) was not saved: No agent with agentId AG-1001/),
    ).toBeTruthy();
    expect(screen.getByText('Saved as record #11')).toBeTruthy();
    expect(screen.queryByText(QC_MESSAGES.reportSubmitted)).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText(QC_MESSAGES.reportSubmitted)).length).toBeGreaterThan(0);
    expect(server.count('POST', '/api/qcReport/add')).toBe(1);
    expect(server.count('POST', '/api/qcReport/addforclient')).toBe(2);
  });

  it('pages through more than ten recordings', async () => {
    const files = Array.from({ length: 12 }, (_, i) => ({
      ...FILE,
      agentId: 'AG-1002',
      fileName: `rec-${String(i + 1).padStart(2, '0')}_${NUMBER}.wav`,
    }));
    const server = fakeServer({
      ...ROUTES,
      'GET /api/voicelog/search': (r) => {
        const page = Number(r.query.page);
        return {
          body: {
            content: files.slice(page * 10, page * 10 + 10),
            totalElements: 12,
            totalPages: 2,
            size: 10,
            number: page,
            first: page === 0,
            last: page === 1,
          },
        };
      },
    });
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    expect(await screen.findByRole('button', { name: 'Play rec-10_01712345678.wav' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Play rec-11_01712345678.wav' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('button', { name: 'Play rec-11_01712345678.wav' })).toBeTruthy();
    expect(server.sent.filter((r) => r.path === '/api/voicelog/search').map((r) => r.query.page)).toEqual(['0', '1']);
    // Several recordings: no agent is guessed until one is played.
    expect(agentInput().value).toBe('');
  });

  it('asks for the agent when none could be preselected', async () => {
    const server = fakeServer({
      ...ROUTES,
      'GET /api/voicelog/search': {
        body: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0, first: true, last: true },
      },
    });
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    expect(await screen.findByText(/No recordings of this number on the call date/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose the agent who took the call')).toBeTruthy();
    expect(server.count('POST', '/api/qcReport/add')).toBe(0);
  });

  it('saves only the changed answer and shows the server’s reason when a save is refused', async () => {
    let reply: { status: number; body: unknown } = {
      status: 400,
      body: { message: 'Q1: "Maybe" is not one of its options' },
    };
    const server = fakeServer({ ...ROUTES, 'PUT /dynamic/updateLeadData/Spring Survey/+8801712345678': () => reply });
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    const answers = within(await screen.findByRole('region', { name: 'Customer Response' }));
    await waitFor(() =>
      expect((answers.getByRole('button', { name: 'Edit answers' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(answers.getByRole('button', { name: 'Edit answers' }));
    expect(answers.getByLabelText('Answer to Q2')).toBeTruthy();
    fireEvent.change(answers.getByLabelText('Answer to Q1'), { target: { value: 'No' } });
    fireEvent.click(answers.getByRole('button', { name: 'Save answers' }));
    expect(await answers.findByText('Q1: "Maybe" is not one of its options')).toBeTruthy();
    expect(answers.getByText(QC_MESSAGES.leadUpdateFailed)).toBeTruthy();

    reply = { status: 200, body: { message: 'saved', lead: { ...LEAD, Q1: 'No', version: 5 }, ignored: [] } };
    fireEvent.click(answers.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText(QC_MESSAGES.leadUpdated)).toBeTruthy();
    const puts = server.sent.filter((r) => r.method === 'PUT');
    // Each with the version the search found: a save by someone else since then would be refused, not overwritten.
    expect(puts.map((r) => [r.body, r.query])).toEqual([
      [{ Q1: 'No' }, { leadId: '7', version: '4' }],
      [{ Q1: 'No' }, { leadId: '7', version: '4' }],
    ]);
    await waitFor(() => expect(answers.getAllByRole('row')[1]?.textContent).toBe('Q1Do you smoke?No'));
    // The correction is a save of its own: the history is read again.
    await waitFor(() => expect(server.count('GET', '/api/ap/answerHistory/7')).toBe(2));

    // The next correction goes with the version that save made.
    fireEvent.click(answers.getByRole('button', { name: 'Edit answers' }));
    fireEvent.change(answers.getByLabelText('Answer to Q1'), { target: { value: 'Yes' } });
    fireEvent.click(answers.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'PUT')).toHaveLength(3));
    expect(server.sent.filter((r) => r.method === 'PUT').at(-1)?.query).toEqual({ leadId: '7', version: '5' });
  });

  it("shows the lead's answer history on the lead card: newest first, agent, time, called, answers", async () => {
    fakeServer(ROUTES);
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    const history = within(await screen.findByRole('region', { name: 'Answer history' }));
    await waitFor(() => expect(history.getAllByRole('row')).toHaveLength(3));
    const [first, second] = history.getAllByRole('row').slice(1);
    expect(first?.textContent).toContain('AG-1001');
    expect(first?.textContent).toContain('Yes');
    expect(first?.textContent).toContain('Q1: Yes · Q2: Benson');
    expect(second?.textContent).toContain('AG-1002');
    expect(second?.textContent).toContain('Q2: Partial Call');
    expect(second?.textContent).toContain('No');
  });

  it("shows the lead's calls on the lead card: the last disposition, then each call newest first", async () => {
    fakeServer(ROUTES);
    renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
    await searchCall();
    const calls = within(await screen.findByRole('region', { name: 'Call attempts' }));
    expect(
      await calls.findByText(
        `Last: Completed (COMPLETE) by Karim Hossain (AG-1001) at ${formatDateTime('2026-11-18T09:30:00.000Z')}`,
      ),
    ).toBeTruthy();
    expect(calls.getByText('Calls: 2')).toBeTruthy();
    const [first, second] = calls
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(first).toBe(
      `${formatDateTime('2026-11-18T09:26:00.000Z')}Karim Hossain (AG-1001)4:00CompletedCompleted (COMPLETE)5501`,
    );
    expect(second).toBe(
      `${formatDateTime('2026-11-18T08:08:30.000Z')}Salma Khatun (AG-1002)1:30CallbackPartial / call back (CALLBACK)typed number`,
    );
  });
});
