// Test support for the CRM screen's tests: a campaign of two questions and one lead as the fake server answers them,
// the campaign's dispositions, /CRM rendered for an agent, and the steps of a call (search, answers, the disposition
// step) walked by keys and Save.
import { createElement, type ReactElement } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  DEFAULT_DISPOSITIONS,
  type TLead,
  type TLogicRule,
  type TMyCalls,
  type TQuestion,
  type TQuestionCondition,
  type TVersionedSurvey,
} from '@crm/shared';
import { storeSession } from '../app/session.ts';
import CrmPage from '../features/crm/CrmPage.tsx';
import { fakeServer, type TFakeRoute, type TSentRequest } from './lead-actions-test-fetch.ts';
import { renderWithApp } from './render.tsx';
import { agentToken } from './tokens.ts';
import { testQuestion } from './questions.ts';

/** The fake server's reply for GET /api/dispositions: the default set every campaign starts with. */
export const DISPOSITIONS_ROUTE = { 'GET /api/dispositions': { body: DEFAULT_DISPOSITIONS } };

export const CAMPAIGN = 'Mobile Survey';
export const CELL = '+8801712345678';
export const LEAD: TLead = {
  id: 12,
  cell_number: CELL,
  respondent_name: 'Rahim Uddin',
  data_date: '2026-11-20',
  generate_status: 1,
  is_called: 0,
  Q1: null,
  Q2: null,
  version: 3,
};
const question = (id: number, title: string, type: TQuestion['type'], options = ''): TQuestion =>
  testQuestion(id, type, options, { campaignId: CAMPAIGN, title });
/** Q1 Yes completes the call; No goes on to Q2, whose end is a call not completed. */
export const QUESTIONS = [
  question(1, 'Do you smoke?', 'Select Option', 'Yes, No'),
  question(2, 'Why not?', 'Text Input'),
];
export const RULES: TLogicRule[] = [
  { id: 1, questionId: 1, campaignId: CAMPAIGN, optionTitle: 'Yes', questionNoToShow: null, isCompletedCall: 1 },
];
/**
 * The fake server's reply for GET /api/logic/survey?campaignName=: the whole survey of the campaign asked, at `version`
 * (a lookup naming another version makes the screen read it again).
 */
export function surveyRoute(
  questions: TQuestion[],
  rules: TLogicRule[] = [],
  conditions: TQuestionCondition[] = [],
  version = 1,
): TFakeRoute {
  return (request) => {
    const body: TVersionedSurvey = {
      campaignName: request.query.campaignName ?? '',
      version,
      questions,
      rules,
      conditions,
    };
    return { body };
  };
}
export const SURVEY_PATH = '/api/logic/survey';

export const NO_CALLS: TMyCalls = { drafts: [], partialCalls: [], recentCalls: [] };
export const SAVE_ROUTE = `PUT /dynamic/updateLeadData/${CAMPAIGN}/${CELL}`;
export const saved = (lead: Partial<TLead> = {}, more: Record<string, unknown> = {}) => ({
  body: { message: 'Lead data updated successfully!', lead: { ...LEAD, version: 4, ...lead }, ignored: [], ...more },
});

/** Renders /CRM (or `route`) for an agent of the campaign, the fake server answering `routes` over the campaign's defaults. */
export function renderCrmScreen(ui: ReactElement, routes: Record<string, TFakeRoute> = {}, route = '/CRM') {
  storeSession(agentToken({ campaign: CAMPAIGN }));
  const server = fakeServer({
    'GET /api/ap/getByNumber': { body: LEAD },
    [`GET ${SURVEY_PATH}`]: surveyRoute(QUESTIONS, RULES),
    'GET /api/ap/myCalls': { body: NO_CALLS },
    'PUT /api/ap/draft/12': { body: { message: 'Draft saved', updatedAt: '2026-11-20T09:00:00.000Z' } },
    'DELETE /api/ap/draft/12': { body: { message: 'Draft deleted', deleted: true } },
    'GET /api/callbacks': { body: { dueCount: 0, callbacks: [] } },
    [SAVE_ROUTE]: saved({ is_called: 1 }),
    ...DISPOSITIONS_ROUTE,
    ...routes,
  });
  renderWithApp(ui, { route });
  return server;
}

/** /CRM (or `route`) itself for an agent of the campaign, the fake server answering `routes` over the defaults. */
export function renderCrm(routes: Record<string, TFakeRoute> = {}, route = '/CRM') {
  return renderCrmScreen(createElement(CrmPage), routes, route);
}

/** The lead saves, not the drafts kept on the way. */
export const leadSaves = (sent: TSentRequest[]) =>
  sent.filter((r) => r.method === 'PUT' && r.path.startsWith('/dynamic/updateLeadData/'));

export function searchNumber(cellNumber = '01712345678') {
  fireEvent.change(screen.getByLabelText('Cell number'), { target: { value: cellNumber } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

export const surveyRegion = () => screen.findByRole('region', { name: 'Survey' });
export const endOfCall = () => screen.findByRole('region', { name: 'End of call' });

/** Presses a key where the focus is (the screen listens on the document, as the browser delivers it). */
export function press(key: string, options: { ctrlKey?: boolean; altKey?: boolean } = {}) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...options });
}

/** The disposition step: optionally a number key to choose, then Save; the step's region. */
export async function confirmEnd(key?: string): Promise<HTMLElement> {
  const end = await endOfCall();
  if (key !== undefined) press(key);
  fireEvent.click(within(end).getByRole('button', { name: 'Save' }));
  return end;
}

/** Searches the lead, answers Yes by its key (Yes completes the call), and saves it as Completed (preselected); the end's region. */
export async function saveCompletedCall(): Promise<HTMLElement> {
  searchNumber();
  await surveyRegion();
  press('1');
  press('Enter');
  return confirmEnd();
}

/** Searches the lead, answers No (on to Q2) and types `text` at Q2; the survey. */
export async function typeAtQ2(text = 'Too expensive'): Promise<HTMLElement> {
  searchNumber();
  const survey = await surveyRegion();
  press('2');
  press('Enter');
  fireEvent.change(await within(survey).findByLabelText('Answer to Q2'), { target: { value: text } });
  return survey;
}
