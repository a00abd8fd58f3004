// The agent's /CRM when the database is in trouble: a lookup's 503 and a save's 503 or 507 show the server's own
// words; a failed save keeps the answers on screen and Retry save stores them once the database is back. And when
// another agent saved the lead since the search: the save names the version it read, and the 409 is shown with the
// answers kept. A number on a do-not-call list shows the server's message and no survey.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  AGENT_PANEL_MESSAGES,
  MESSAGES,
  SAVE_OUTCOME_UNKNOWN,
  SURVEY_MESSAGES,
  leadSavedByOtherMessage,
  type TLead,
  type TQuestion,
} from '@crm/shared';
import { NETWORK_ERROR_MESSAGE } from '../../app/api.ts';
import {
  CAMPAIGN,
  CELL,
  confirmEnd,
  leadSaves,
  renderCrm as renderCrmPage,
  RULES,
  SAVE_ROUTE as SAVE_PATH,
  searchNumber as search,
  SURVEY_PATH,
  surveyRegion,
  surveyRoute,
} from '../../test/crm-calls.ts';
import type { TFakeReply, TFakeRoute } from '../../test/lead-actions-test-fetch.ts';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  // Mantine keeps notifications in a module-wide store: without this, one test's messages show in the next.
  notifications.clean();
});

// The campaign of test/crm-calls.ts with its first question alone (Yes ends the survey as a completed call).
const LEAD: TLead = {
  id: 12,
  cell_number: CELL,
  respondent_name: 'Rahim Uddin',
  data_date: '2026-11-20',
  generate_status: 1,
  is_called: 0,
  Q1: null,
  version: 3,
};
const QUESTION: TQuestion = {
  id: 1,
  qno: 'Q1',
  campaignId: CAMPAIGN,
  title: 'Do you smoke?',
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
};

/** Answers each call with the replies in turn, the last one repeating (the database down, then back). */
function inTurn(...replies: TFakeReply[]): TFakeRoute {
  return () => (replies.length > 1 ? replies.shift() : replies[0]) ?? { status: 500 };
}

function renderCrm(routes: Record<string, TFakeRoute>) {
  return renderCrmPage({
    'GET /api/ap/getByNumber': { body: LEAD },
    [`GET ${SURVEY_PATH}`]: surveyRoute([QUESTION], RULES),
    ...routes,
  });
}

/** Finds the lead, answers Yes, ends the call (Yes completes it) and saves it as Completed (preselected); the end's region. */
async function answerAndEnd() {
  search();
  const survey = await surveyRegion();
  fireEvent.click(within(survey).getByRole('radio', { name: '1 Yes' }));
  fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
  return confirmEnd();
}

/** The survey again, from the end of the call: the answers are still there. */
async function backToSurvey(end: HTMLElement) {
  fireEvent.click(within(end).getByRole('button', { name: 'Back to the survey' }));
  return screen.findByRole('region', { name: 'Survey' });
}

const COMPLETED = { Q1: 'Yes', is_called: 1, disposition: 'COMPLETE' };

describe('CrmPage when the database is in trouble', () => {
  it("shows the server's words when a lookup fails with 503, and finds the lead once the database answers", async () => {
    const server = renderCrm({
      'GET /api/ap/getByNumber': inTurn(
        { status: 503, body: { message: MESSAGES.database.busyReading } },
        { body: LEAD },
      ),
    });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The lead search failed')).toBeTruthy();
    expect(within(alert).getByText(MESSAGES.database.busyReading)).toBeTruthy();
    expect(alert.textContent).not.toContain(NETWORK_ERROR_MESSAGE);
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();

    search();
    expect(await screen.findByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.database.busyReading)).toBeNull();
    expect(server.count('GET', '/api/ap/getByNumber')).toBe(2);
  });

  it.each([
    [503, MESSAGES.database.busy],
    [503, MESSAGES.database.unavailable],
    [507, MESSAGES.database.diskFull],
  ])(
    "a save refused with %i shows the server's words, keeps the answers, and Retry save stores them",
    async (status, message) => {
      const server = renderCrm({
        [SAVE_PATH]: inTurn(
          { status, body: { message } },
          { body: { message: 'Saved', lead: { ...LEAD, Q1: 'Yes', is_called: 1 }, ignored: [] } },
        ),
      });
      const end = await answerAndEnd();

      const failure = await within(end).findByRole('alert');
      expect(within(failure).getByText('The answers were not saved')).toBeTruthy();
      expect(within(failure).getByText(message)).toBeTruthy();
      expect(failure.textContent).not.toContain(NETWORK_ERROR_MESSAGE);
      expect((within(end).getByRole('radio', { name: '1 Completed' }) as HTMLInputElement).checked).toBe(true);

      fireEvent.click(within(failure).getByRole('button', { name: 'Retry save' }));
      const saved = (await screen.findByText('Saved as Completed. Search the next number.')).closest<HTMLElement>(
        '[role="status"]',
      );
      expect(saved === null ? null : within(saved).getByText(SURVEY_MESSAGES.ended)).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
      const saves = leadSaves(server.sent);
      expect(saves.map((r) => r.body)).toEqual([COMPLETED, COMPLETED]);
      expect(saves.map((r) => r.query.leadId)).toEqual(['12', '12']);
    },
  );

  it('goes back from a failed save to the survey with the answers, and the next end saves them', async () => {
    const server = renderCrm({
      [SAVE_PATH]: inTurn(
        { status: 503, body: { message: MESSAGES.database.busy } },
        { body: { message: 'Saved', lead: { ...LEAD, Q1: 'Yes', is_called: 1 }, ignored: [] } },
      ),
    });
    const end = await answerAndEnd();
    await within(end).findByRole('alert');
    const survey = await backToSurvey(end);
    expect((within(survey).getByRole('radio', { name: '1 Yes' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
    await confirmEnd();
    await screen.findByText('Saved as Completed. Search the next number.');
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([COMPLETED, COMPLETED]);
  });
});

describe('CrmPage when a save may have been stored', () => {
  it('says the answers may have been saved (not that they were not), keeps them, and Retry save sends the same save', async () => {
    const unknown = {
      status: 503,
      body: { message: AGENT_PANEL_MESSAGES.saveOutcomeUnknown, code: SAVE_OUTCOME_UNKNOWN },
    };
    const server = renderCrm({
      [SAVE_PATH]: inTurn(unknown, {
        body: { message: 'Saved', lead: { ...LEAD, Q1: 'Yes', is_called: 1, version: 4 }, ignored: [] },
      }),
    });
    const end = await answerAndEnd();

    const alert = await within(end).findByRole('alert');
    expect(within(alert).getByText('The answers may have been saved')).toBeTruthy();
    expect(within(alert).queryByText('The answers were not saved')).toBeNull();
    expect(within(alert).getByText(AGENT_PANEL_MESSAGES.saveOutcomeUnknown)).toBeTruthy();
    expect(alert.textContent).toContain('not stored again');
    const retry = within(alert).getByRole('button', { name: 'Retry save' });
    expect(document.activeElement).toBe(retry);

    fireEvent.click(retry);
    expect(await screen.findByText('Saved as Completed. Search the next number.')).toBeTruthy();
    // The retry names the same version as the first try: the server answers it as the first, never storing it twice.
    const saves = leadSaves(server.sent);
    expect(saves.map((r) => [r.query.version, r.body])).toEqual([
      ['3', COMPLETED],
      ['3', COMPLETED],
    ]);
  });
});

describe('CrmPage when another agent saved the lead since the search', () => {
  const refusal = leadSavedByOtherMessage('AG-1002', new Date(), 'Asia/Dhaka');

  it("shows the server's 409 where the agent works, keeps the answers on screen, and offers no Retry", async () => {
    const server = renderCrm({ [SAVE_PATH]: { status: 409, body: { message: refusal, code: 'STALE_VERSION' } } });
    await answerAndEnd();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The answers were not saved')).toBeTruthy();
    expect(within(alert).getByText(refusal)).toBeTruthy();
    expect(alert.textContent).toContain('Your answers stay on screen');
    expect(screen.queryByRole('button', { name: 'Retry save' })).toBeNull();
    // The call is still on screen with the agent's answer, ready to be answered again.
    const survey = await screen.findByRole('region', { name: 'Survey' });
    expect((within(survey).getByRole('radio', { name: '1 Yes' }) as HTMLInputElement).checked).toBe(true);
    expect((within(survey).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Saved as Completed. Search the next number.')).toBeNull();

    const saves = leadSaves(server.sent);
    expect(saves.map((r) => r.query)).toEqual([{ leadId: '12', version: '3' }]);
    expect(saves.map((r) => r.body)).toEqual([COMPLETED]);
  });

  it('asks before a new search drops the refused answers', async () => {
    renderCrm({ [SAVE_PATH]: { status: 409, body: { message: refusal, code: 'STALE_VERSION' } } });
    await answerAndEnd();
    await screen.findByText(refusal);
    search();
    expect(
      await screen.findByText('The answers of this call are not saved. Search 01712345678 and discard them?'),
    ).toBeTruthy();
  });

  it('sends no version for a lead from a server that sends none (as before)', async () => {
    const { version: _, ...older } = LEAD;
    const server = renderCrm({
      'GET /api/ap/getByNumber': { body: older },
      [SAVE_PATH]: { body: { message: 'Saved', lead: { ...older, Q1: 'Yes', is_called: 1 }, ignored: [] } },
    });
    await answerAndEnd();
    await screen.findByText('Saved as Completed. Search the next number.');
    expect(leadSaves(server.sent).map((r) => r.query)).toEqual([{ leadId: '12' }]);
  });
});

describe('CrmPage and the do-not-call lists', () => {
  it.each(['system', 'campaign'])(
    "shows the server's do-not-call message for a number on the %s list, word for word, and offers no survey",
    async (list) => {
      const message = `Do not call: on the ${list} list since 2026-11-20`;
      const server = renderCrm({ 'GET /api/ap/getByNumber': { status: 403, body: { message, code: 'DO_NOT_CALL' } } });
      search();
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(message)).toBeTruthy();
      expect(within(alert).getByText('This number must not be called: no survey is offered.')).toBeTruthy();
      expect(alert.textContent).not.toContain('The lead search failed');
      expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
      expect(screen.queryByText('Q1. Do you smoke?')).toBeNull();
      expect(server.count('GET', '/api/ap/getByNumber')).toBe(1);
    },
  );

  it('tells the do-not-call refusal by its code, not its words', async () => {
    renderCrm({
      'GET /api/ap/getByNumber': { status: 403, body: { message: 'Nicht anrufen: Systemliste', code: 'DO_NOT_CALL' } },
    });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nicht anrufen: Systemliste')).toBeTruthy();
    expect(within(alert).getByText('This number must not be called: no survey is offered.')).toBeTruthy();
    expect(alert.textContent).not.toContain('The lead search failed');
  });

  it('keeps the do-not-call words without the code a failed search', async () => {
    renderCrm({
      'GET /api/ap/getByNumber': { status: 403, body: { message: 'Do not call: on the system list since 2026-11-20' } },
    });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The lead search failed')).toBeTruthy();
  });

  it('keeps any other 403 a failed search', async () => {
    renderCrm({
      'GET /api/ap/getByNumber': { status: 403, body: { message: 'You are signed in to another campaign' } },
    });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The lead search failed')).toBeTruthy();
    expect(within(alert).getByText('You are signed in to another campaign')).toBeTruthy();
  });
});

describe('CrmPage: "Customer asked not to be called" at the end of a call', () => {
  async function endCall() {
    await answerAndEnd();
    await screen.findByText('Saved as Completed. Search the next number.');
  }
  const SAVED = { body: { message: 'Saved', lead: { ...LEAD, Q1: 'Yes', is_called: 1 }, ignored: [] } };

  it("puts the saved call's lead on the campaign's list and shows the server's answer", async () => {
    const reply = {
      message: `${CELL} is on the campaign's do-not-call list now`,
      phoneNumber: CELL,
      alreadyListed: false,
    };
    const server = renderCrm({ [SAVE_PATH]: SAVED, 'POST /api/ap/doNotCall': { body: reply } });
    await endCall();
    fireEvent.click(screen.getByRole('button', { name: 'Customer asked not to be called' }));
    expect(await screen.findByText(reply.message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Customer asked not to be called' })).toBeNull();
    expect(server.sent.filter((r) => r.path === '/api/ap/doNotCall').map((r) => [r.method, r.body])).toEqual([
      ['POST', { campaignName: CAMPAIGN, leadId: 12 }],
    ]);
  });

  it("shows the server's refusal and keeps the button", async () => {
    renderCrm({
      [SAVE_PATH]: SAVED,
      'POST /api/ap/doNotCall': { status: 403, body: { message: 'You are signed in to another campaign' } },
    });
    await endCall();
    fireEvent.click(screen.getByRole('button', { name: 'Customer asked not to be called' }));
    expect(await screen.findByText('You are signed in to another campaign')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Customer asked not to be called' })).toBeTruthy();
  });
});
