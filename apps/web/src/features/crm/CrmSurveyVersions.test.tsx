// The agent's /CRM reads the campaign's survey once per sign-in, not at every search (issue 35): a lookup names the
// survey version it was made with, and the screen reads the survey again only when that version is not the one held,
// so a call always runs on the questions and rules of its lookup's version.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MESSAGES, type TQuestion } from '@crm/shared';
import {
  CAMPAIGN,
  LEAD,
  QUESTIONS,
  renderCrm,
  RULES,
  searchNumber,
  SURVEY_PATH,
  surveyRegion,
  surveyRoute,
} from '../../test/crm-calls.ts';
import { testQuestion } from '../../test/questions.ts';
import type { TFakeRoute } from '../../test/lead-actions-test-fetch.ts';

// Whole searches and calls: on a busy two-core machine that may outlive vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

/** Answers each request with the routes in turn, the last one repeating. */
function inTurn(...routes: TFakeRoute[]): TFakeRoute {
  return (request) => {
    const route = (routes.length > 1 ? routes.shift() : routes[0]) ?? { status: 500 };
    return typeof route === 'function' ? route(request) : route;
  };
}

const lookup = (surveyVersion: number): TFakeRoute => ({ body: { ...LEAD, surveyVersion } });
const lookups = (server: { sent: { path: string }[] }) =>
  server.sent.filter((r) => r.path === '/api/ap/getByNumber').length;

/** Version 2 of the survey: Q1 asks another question, and no rule ends the call at Yes any more. */
const EDITED: TQuestion[] = [
  testQuestion(1, 'Select Option', 'Yes, No', { campaignId: CAMPAIGN, title: 'Do you vape?' }),
  testQuestion(2, 'Text Input', '', { campaignId: CAMPAIGN, title: 'Which flavour?' }),
];

describe('CrmPage: the survey once per version', () => {
  it('reads the survey once for two searches of one version, and keeps it out of the lead', async () => {
    const server = renderCrm({ 'GET /api/ap/getByNumber': lookup(1) });
    searchNumber();
    const survey = await surveyRegion();
    expect(within(survey).getByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();

    searchNumber('01712345679');
    await waitFor(() => expect(lookups(server)).toBe(2));
    expect(await within(await surveyRegion()).findByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();
    expect(server.count('GET', SURVEY_PATH)).toBe(1);
    expect(server.sent.find((r) => r.path === SURVEY_PATH)?.query).toEqual({ campaignName: CAMPAIGN });
    // The version is the lookup's word, not a column of the lead.
    expect(screen.queryByText('surveyVersion')).toBeNull();
  });

  it('reads the survey again when a lookup names another version, and the call runs on its questions and rules', async () => {
    const server = renderCrm({
      'GET /api/ap/getByNumber': inTurn(lookup(1), lookup(2)),
      [`GET ${SURVEY_PATH}`]: inTurn(surveyRoute(QUESTIONS, RULES, [], 1), surveyRoute(EDITED, [], [], 2)),
    });
    searchNumber();
    expect(await within(await surveyRegion()).findByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();

    searchNumber();
    const survey = await surveyRegion();
    expect(await within(survey).findByRole('heading', { name: 'Q1. Do you vape?' })).toBeTruthy();
    expect(server.count('GET', SURVEY_PATH)).toBe(2);
    // Version 1 ended the call at Yes; version 2 goes on to Q2.
    fireEvent.click(within(survey).getByRole('radio', { name: '1 Yes' }));
    fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
    expect(await within(survey).findByRole('heading', { name: 'Q2. Which flavour?' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'End of call' })).toBeNull();

    // The version now held is the lookup's: the next search reads nothing more.
    searchNumber('01712345679');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(lookups(server)).toBe(3));
    expect(await within(await surveyRegion()).findByRole('heading', { name: 'Q1. Do you vape?' })).toBeTruthy();
    expect(server.count('GET', SURVEY_PATH)).toBe(2);
  });

  it("shows a failed survey read as the search's failure, and reads it again at the next search", async () => {
    const server = renderCrm({
      [`GET ${SURVEY_PATH}`]: inTurn(
        { status: 503, body: { message: MESSAGES.database.busyReading } },
        surveyRoute(QUESTIONS, RULES),
      ),
    });
    searchNumber();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The lead search failed')).toBeTruthy();
    expect(within(alert).getByText(MESSAGES.database.busyReading)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();

    searchNumber();
    expect(await within(await surveyRegion()).findByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();
    expect(server.count('GET', SURVEY_PATH)).toBe(2);
  });
});
