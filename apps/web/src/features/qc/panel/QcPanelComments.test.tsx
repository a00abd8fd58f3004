// The QC panel's timeline comments in jsdom against a fake server: M at the playing moment while a call is scored,
// Submit posting the comment to the in-house record after both records and the link; a refused comment shown with the
// server's message above the totals, kept in the list, and posted alone by the next Submit.
import '../../../test/jsdom-fonts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { qcGrade, QC_MESSAGES, type TVoiceFile } from '@crm/shared';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer, type TFakeRoute, type TSentRequest } from '../../../test/lead-actions-test-fetch.ts';
import QcPanelPage from './QcPanelPage.tsx';
import { TICK_LABEL } from './SuccessTick.tsx';
import { SUBMIT_STEP_NAMES } from './submit-qc.ts';

const NUMBER = '01712345678';
const DATE = '2026-11-19';
const FILE: TVoiceFile = {
  dateTime: '2026-11-19T10:15:00.000Z',
  phoneNumber: NUMBER,
  campaignName: 'Spring Survey',
  agentId: 'AG-1001',
  fileName: `${NUMBER}_AG-1001.wav`,
  duration: 42,
  checks: null,
};
const COMMENTS = '/api/qc-records/11/comments';

const record = (request: TSentRequest, id: number) => ({
  body: {
    ...(request.body as Record<string, unknown>),
    id,
    agentName: 'Karim Hossain',
    qcInspector: 'qc.rahman',
    total: 100,
    agentGrade: qcGrade(100),
    fileName: null,
    createdAt: '2026-11-19T12:00:00.000Z',
    version: 0,
    scorecardId: 1,
  },
});

const comment = (request: TSentRequest) => {
  const body = request.body as { atSeconds: number; text: string };
  return {
    body: {
      id: 5,
      qcRecordId: 11,
      atSeconds: body.atSeconds,
      criterionKey: null,
      criterionName: null,
      text: body.text,
      authorName: 'qc.rahman',
      createdAt: '2026-11-19T12:00:01.000Z',
    },
  };
};

function routes(addComment: TFakeRoute): Record<string, TFakeRoute> {
  return {
    'GET /api/ap/getByNumber': { body: null },
    'GET /questions/getToSetLogic/Spring Survey': { body: [] },
    'GET /api/voicelog/search': {
      body: { content: [FILE], totalElements: 1, totalPages: 1, size: 10, number: 0, first: true, last: true },
    },
    'GET /api/qcReport/agents': { body: [{ agentId: 'AG-1001', name: 'Karim Hossain' }] },
    'POST /api/qcReport/add': (r) => record(r, 11),
    'POST /api/qcReport/addforclient': (r) => record(r, 21),
    'POST /api/qcReport/add-qc-report-file': (r) => {
      const body = r.body as { qcReport: { id: number }; fileName: string };
      return { body: { id: body.qcReport.id + 100, fileName: body.fileName, qcReport: body.qcReport, callDate: DATE } };
    },
    [`POST ${COMMENTS}`]: addComment,
    [`GET ${COMMENTS}`]: {
      body: [{ ...comment({ body: { atSeconds: 12, text: 'Talked over' } } as TSentRequest).body }],
    },
  };
}

configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

/** Searches the call, plays its recording to 12.4 s, ticks it, and comments there with M. */
async function commentOnCall(text: string) {
  renderWithApp(<QcPanelPage />, { route: '/qcChecking' });
  await screen.findByRole('option', { name: 'Spring Survey' });
  fireEvent.change(screen.getByLabelText(/^Campaign/), { target: { value: 'Spring Survey' } });
  fireEvent.change(screen.getByLabelText(/^Consumer number/), { target: { value: NUMBER } });
  fireEvent.change(screen.getByLabelText(/^Call date/), { target: { value: DATE } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  const records = within(await screen.findByRole('region', { name: 'Call Records' }));
  fireEvent.click(await records.findByRole('button', { name: `Play ${FILE.fileName}` }));
  await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
  const audio = document.querySelector('audio') as HTMLAudioElement;
  Object.defineProperty(audio, 'duration', { configurable: true, value: 42 });
  Object.defineProperty(audio, 'currentTime', { configurable: true, get: () => 12.4, set: () => undefined });
  fireEvent(audio, new Event('loadedmetadata'));
  fireEvent.click(screen.getByRole('button', { name: TICK_LABEL }));
  await screen.findByText(QC_MESSAGES.successfulCall);

  fireEvent.keyDown(document.body, { key: 'm' });
  const box = await screen.findByRole('textbox', { name: 'Comment at 0:12' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
  const list = within(screen.getByRole('list', { name: 'Comments on the recording' }));
  expect(list.getByText(text)).toBeTruthy();
}

describe('QC panel: comments on the timeline', { timeout: 60_000 }, () => {
  it('posts the comment typed at the playing moment to the in-house record after the records and the link', async () => {
    const server = fakeServer(routes(comment));
    await commentOnCall('Talked over');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const saved = within(await screen.findByRole('list', { name: 'Comments saved on the record' }));
    expect(saved.getByText('Talked over')).toBeTruthy();
    expect(saved.getByRole('button', { name: 'Delete the comment at 0:12' })).toBeTruthy();
    expect(server.writes().map((w) => w.path)).toEqual([
      '/api/qcReport/add',
      '/api/qcReport/addforclient',
      '/api/qcReport/add-qc-report-file',
      '/api/qcReport/add-qc-report-file',
      COMMENTS,
    ]);
    expect(server.writes().at(-1)?.body).toEqual({ atSeconds: 12, text: 'Talked over' });
  });

  it("shows a refused comment with the server's message, keeps it, and posts only it on the next Submit", async () => {
    let refuse = true;
    const server = fakeServer(
      routes((r) =>
        refuse ? { status: 400, body: { message: "atSeconds must be within the recording's 10 seconds" } } : comment(r),
      ),
    );
    await commentOnCall('Talked over');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(`${SUBMIT_STEP_NAMES.comments}: atSeconds must be within the recording's 10 seconds`, {
        exact: false,
      }),
    ).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Comments on the recording' }));
    expect(list.getByText('Talked over')).toBeTruthy();
    expect(list.getByRole('button', { name: 'Remove the comment at 0:12' })).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('list', { name: 'Comments saved on the record' });
    expect(server.count('POST', '/api/qcReport/add')).toBe(1);
    expect(server.count('POST', '/api/qcReport/add-qc-report-file')).toBe(2);
    expect(server.count('POST', COMMENTS)).toBe(2);
  });
});
