// The agent's /CRM shows each question with the lead's values and the answers given so far filled in (lead fields in
// the text), while the answer saved is the option as written.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TLead, TQuestion } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { agentToken } from '../../test/tokens.ts';
import { fakeServer } from '../../test/lead-actions-test-fetch.ts';
import { SURVEY_PATH, surveyRoute } from '../../test/crm-calls.ts';
import CrmPage from './CrmPage.tsx';

// A whole call walked (search, survey): on a busy two-core machine that may outlive vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const CAMPAIGN = 'Tea Survey';
const CELL = '+8801712345678';
const LEAD: TLead = {
  id: 12,
  cell_number: CELL,
  respondent_name: 'রহিম উদ্দিন',
  brand: 'Gold Leaf',
  region: null,
  data_date: '2026-11-20',
  generate_status: 1,
  is_called: 0,
  Q1: null,
  Q2: null,
  version: 3,
};
const question = (id: number, qno: string, over: Partial<TQuestion>): TQuestion => ({
  id,
  qno,
  campaignId: CAMPAIGN,
  title: '',
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const QUESTIONS = [
  question(1, 'Q1', {
    title: 'May I speak with {respondent_name}?',
    options: 'Yes {brand}, No',
    instruction: 'Ask in {region}',
  }),
  question(2, 'Q2', { title: 'You said {Q1}: thanks, {respondent_name}', type: 'Plain Text', options: '' }),
];

describe('CrmPage: lead fields in the text', () => {
  it('fills the title, options and instruction from the lead, and later questions from the answers given', async () => {
    storeSession(agentToken({ campaign: CAMPAIGN }));
    const server = fakeServer({
      'GET /api/ap/getByNumber': { body: LEAD },
      [`GET ${SURVEY_PATH}`]: surveyRoute(QUESTIONS),
      'GET /api/ap/myCalls': { body: { drafts: [], partialCalls: [], recentCalls: [] } },
      'PUT /api/ap/draft/12': { body: { message: 'Draft saved', updatedAt: '2026-11-20T09:00:00.000Z' } },
    });
    renderWithApp(<CrmPage />, { route: '/CRM' });
    fireEvent.change(screen.getByLabelText('Cell number'), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: 'Q1. May I speak with রহিম উদ্দিন?' })).toBeTruthy();
    const survey = screen.getByRole('region', { name: 'Survey' });
    // An empty lead field shows the stand-in, never the braces.
    expect(within(survey).getByLabelText('Instruction').textContent).toBe('Instruction: Ask in —');
    fireEvent.click(within(survey).getByRole('radio', { name: '1 Yes Gold Leaf' }));
    fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Q2. You said Yes Gold Leaf: thanks, রহিম উদ্দিন' })).toBeTruthy();
    expect(within(survey).getByText(/Q1\. May I speak with রহিম উদ্দিন\?/)).toBeTruthy();
    expect(survey.textContent).not.toMatch(/\{|\}/);
    // The answer kept is the option as written, so the logic rules and reports still match it.
    await vi.waitFor(() => expect(server.sent.some((r) => r.path === '/api/ap/draft/12')).toBe(true));
    const draft = server.sent.filter((r) => r.path === '/api/ap/draft/12').at(-1);
    expect(JSON.stringify(draft?.body)).toContain('Yes {brand}');
  });
});
