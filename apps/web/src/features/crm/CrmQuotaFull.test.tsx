// The agent's /CRM and full quotas (docs/guide/quotas.md): a lookup of a lead in a full quota shows the server's message and
// no survey; a completed call refused because a quota filled since the search keeps the answers, says which quota, and
// may be saved as not completed or discarded. The other 409 of a save (someone else saved the lead) stays as it was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { SURVEY_MESSAGES, leadSavedByOtherMessage, quotaFullMessage, type TLead, type TQuestion } from '@crm/shared';
import {
  CAMPAIGN,
  CELL,
  confirmEnd,
  endOfCall,
  leadSaves,
  press,
  renderCrm as renderCrmPage,
  RULES,
  SAVE_ROUTE as SAVE_PATH,
  searchNumber as search,
  SURVEY_PATH,
  surveyRegion,
  surveyRoute,
} from '../../test/crm-calls.ts';
import type { TFakeRoute } from '../../test/lead-actions-test-fetch.ts';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

// The campaign of test/crm-calls.ts with its first question alone (Yes ends the survey as a completed call).
const LEAD: TLead = {
  id: 12,
  cell_number: CELL,
  region: 'Dhaka',
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
const REGION_FULL = quotaFullMessage({ field: 'region', questionNo: null, value: 'Dhaka' });
const ANSWER_FULL = quotaFullMessage({ field: null, questionNo: 1, value: 'Yes' });

function renderCrm(routes: Record<string, TFakeRoute>) {
  return renderCrmPage({
    'GET /api/ap/getByNumber': { body: LEAD },
    [`GET ${SURVEY_PATH}`]: surveyRoute([QUESTION], RULES),
    ...routes,
  });
}

/** Answers Yes (a completed call) and saves it as Completed, the disposition preselected. */
async function answerYesAndEnd() {
  search();
  const survey = await surveyRegion();
  fireEvent.click(within(survey).getByRole('radio', { name: '1 Yes' }));
  fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
  await confirmEnd();
}

const COMPLETED = { Q1: 'Yes', is_called: 1, disposition: 'COMPLETE' };

describe('CrmPage: a lookup of a lead in a full quota', () => {
  it("shows the server's message as the alert's title and offers no survey", async () => {
    const server = renderCrm({
      'GET /api/ap/getByNumber': { status: 409, body: { message: REGION_FULL, code: 'QUOTA_FULL' } },
    });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(REGION_FULL)).toBeTruthy();
    expect(alert.textContent).toContain('no survey is offered');
    expect(alert.textContent).not.toContain('The lead search failed');
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
    expect(server.count('GET', '/api/ap/getByNumber')).toBe(1);
  });

  it('keeps any other 409 of a lookup a failed search', async () => {
    renderCrm({ 'GET /api/ap/getByNumber': { status: 409, body: { message: 'Something else conflicted' } } });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The lead search failed')).toBeTruthy();
    expect(within(alert).getByText('Something else conflicted')).toBeTruthy();
  });

  it('tells the full quota by its code, not its words', async () => {
    renderCrm({
      'GET /api/ap/getByNumber': { status: 409, body: { message: 'Kvote fuld: region = Dhaka', code: 'QUOTA_FULL' } },
    });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Kvote fuld: region = Dhaka')).toBeTruthy();
    expect(alert.textContent).toContain('no survey is offered');
    expect(alert.textContent).not.toContain('The lead search failed');
  });

  it("keeps the quota's words without its code a failed search", async () => {
    renderCrm({ 'GET /api/ap/getByNumber': { status: 409, body: { message: REGION_FULL } } });
    search();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The lead search failed')).toBeTruthy();
  });
});

describe('CrmPage: a completed call refused because a quota filled since the search', () => {
  it("shows the server's message, not 'saved by someone else', and keeps the answers", async () => {
    const server = renderCrm({ [SAVE_PATH]: { status: 409, body: { message: ANSWER_FULL, code: 'QUOTA_FULL' } } });
    await answerYesAndEnd();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved as a completed call')).toBeTruthy();
    expect(within(alert).getByText(ANSWER_FULL)).toBeTruthy();
    expect(screen.queryByText('The answers were not saved')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry save' })).toBeNull();
    const survey = screen.getByRole('region', { name: 'Survey' });
    expect((within(survey).getByRole('radio', { name: '1 Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(/Search the next number/)).toBeNull();
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([COMPLETED]);
  });

  it('saves the same answers as not completed on "Save as not completed", with a disposition of a call not completed, and says so', async () => {
    const server = renderCrm({
      [SAVE_PATH]: (request) =>
        (request.body as { is_called?: number }).is_called === 1
          ? { status: 409, body: { message: REGION_FULL, code: 'QUOTA_FULL' } }
          : { body: { message: 'Saved', lead: { ...LEAD, Q1: 'Yes', is_called: 0 }, ignored: [] } },
    });
    await answerYesAndEnd();
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Save as not completed' }));

    // The end of a call not completed: no completed disposition is offered, and none is chosen for the agent.
    const end = await endOfCall();
    expect(within(end).getByText('The quota is full: the answers are saved as a call not completed.')).toBeTruthy();
    expect(within(end).queryByRole('radio', { name: /Completed/ })).toBeNull();
    expect(
      within(end)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).checked),
    ).not.toContain(true);
    fireEvent.click(within(end).getByRole('button', { name: 'Save' }));
    expect(await within(end).findByText('Choose how the call ended (keys 1–9)')).toBeTruthy();
    press('2');
    expect((within(end).getByRole('radio', { name: '2 Not interested' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(end).getByRole('button', { name: 'Save' }));

    const saved = (await screen.findByText('Saved as Not interested. Search the next number.')).closest<HTMLElement>(
      '[role="status"]',
    );
    expect(
      saved === null
        ? null
        : within(saved).getByText('Saved as not completed: the quota is full, so no quota counts this call.'),
    ).toBeTruthy();
    expect(saved?.textContent).not.toContain(SURVEY_MESSAGES.partial);
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
    const saves = leadSaves(server.sent);
    expect(saves.map((r) => r.body)).toEqual([COMPLETED, { Q1: 'Yes', is_called: 0, disposition: 'NI' }]);
    // Pinned to the same lead and version as the refused save.
    expect(saves.map((r) => r.query)).toEqual([
      { leadId: '12', version: '3' },
      { leadId: '12', version: '3' },
    ]);
  });

  it('discards the call after a confirmation: its draft is deleted and nothing more is saved', async () => {
    const server = renderCrm({ [SAVE_PATH]: { status: 409, body: { message: REGION_FULL, code: 'QUOTA_FULL' } } });
    await answerYesAndEnd();
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard the call' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull());
    expect(screen.queryByText(REGION_FULL)).toBeNull();
    expect(server.count('DELETE', '/api/ap/draft/12')).toBe(1);
    expect(leadSaves(server.sent)).toHaveLength(1);
  });

  it("keeps the stale-version 409 as 'The answers were not saved' with the server's words", async () => {
    const refusal = leadSavedByOtherMessage('AG-1002', new Date(), 'Asia/Dhaka');
    renderCrm({ [SAVE_PATH]: { status: 409, body: { message: refusal, code: 'STALE_VERSION' } } });
    await answerYesAndEnd();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The answers were not saved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as not completed' })).toBeNull();
  });

  it('tells the full quota of a save by its code, whatever its words', async () => {
    renderCrm({ [SAVE_PATH]: { status: 409, body: { message: 'Kvote fuld: Q1 = Yes', code: 'QUOTA_FULL' } } });
    await answerYesAndEnd();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved as a completed call')).toBeTruthy();
    expect(within(alert).getByText('Kvote fuld: Q1 = Yes')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Save as not completed' })).toBeTruthy();
  });
});
