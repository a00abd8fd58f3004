// View Full CRM: an agent without ?campaignName= sees the survey of the campaign they signed in with, logic in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TLogicRule, TQuestion } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { agentToken } from '../../test/tokens.ts';
import ViewFullCrmPage from './ViewFullCrmPage.tsx';

afterEach(() => vi.restoreAllMocks());

const q = (id: number, qno: string, over: Partial<TQuestion> = {}): TQuestion => ({
  id,
  qno,
  campaignId: 'Mobile Survey',
  title: `Question ${qno}`,
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const QUESTIONS = [
  q(1, 'Q1', { instruction: 'Greet first', optionalValue: 'Respondent' }),
  q(2, 'Q2', { type: 'Textarea', options: '', status: false }),
  q(5, 'Q5'),
];
const RULES: TLogicRule[] = [
  { id: 1, questionId: 1, campaignId: 'Mobile Survey', optionTitle: 'Yes', questionNoToShow: 5, isCompletedCall: null },
  { id: 2, questionId: 1, campaignId: 'Mobile Survey', optionTitle: 'No', questionNoToShow: null, isCompletedCall: 1 },
];
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

describe('ViewFullCrmPage', () => {
  it("shows an agent's own campaign survey read-only, each question with its options, status and logic", async () => {
    storeSession(agentToken({ campaign: 'Mobile Survey' }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = String(input);
      if (url === '/questions/getToSetLogic/Mobile%20Survey') return json(QUESTIONS);
      if (url === '/api/logic/getAllCampaignLogic?campaignName=Mobile+Survey') return json(RULES);
      if (url === '/api/logic/conditions?campaignName=Mobile+Survey')
        return json([
          {
            questionId: QUESTIONS[1]?.id,
            qno: 'Q2',
            showIf: {
              join: 'and',
              items: [{ subject: { kind: 'answer', questionId: QUESTIONS[0]?.id }, operator: 'is', value: 'Yes' }],
            },
            words: 'Q1 is "Yes"',
            updatedBy: 'admin',
            updatedAt: '2026-11-26 10:00:00',
          },
        ]);
      return new Promise<Response>(() => undefined);
    });
    renderWithApp(<ViewFullCrmPage />, { route: '/viewFullCRM' });

    const first = within(await screen.findByRole('article', { name: 'Q1. Question Q1' }));
    expect(first.getByRole('list', { name: 'Options of Q1' }).textContent).toBe('YesNo');
    expect(first.getByText('Greet first')).toBeTruthy();
    expect(first.getByText('Respondent')).toBeTruthy();
    expect(
      first
        .getAllByRole('listitem')
        .slice(2)
        .map((li) => li.textContent),
    ).toEqual(['Yes → Q5', 'No → end, completed call']);
    expect(within(screen.getByRole('article', { name: 'Q2. Question Q2' })).getByText('Inactive')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Q2. Question Q2' })).getByLabelText('Condition of Q2').textContent,
    ).toBe('Show only if Q1 is "Yes"');
    expect(first.queryByLabelText('Condition of Q1')).toBeNull();
    // No campaign picker for an agent, and nothing but the reads was asked.
    expect(screen.queryByLabelText('Campaign')).toBeNull();
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('highlights the lead fields and earlier answers named in the title, options and instruction', async () => {
    storeSession(agentToken({ campaign: 'Mobile Survey' }));
    const texts = [
      q(1, 'Q1', {
        title: 'May I speak with {respondent_name}?',
        options: 'Yes {brand}, No',
        instruction: 'Read {Outlet name} and {Q3}, not {{this}}',
      }),
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = String(input);
      if (url === '/questions/getToSetLogic/Mobile%20Survey') return json(texts);
      if (url === '/api/logic/getAllCampaignLogic?campaignName=Mobile+Survey') return json([]);
      if (url === '/api/logic/conditions?campaignName=Mobile+Survey') return json([]);
      return new Promise<Response>(() => undefined);
    });
    renderWithApp(<ViewFullCrmPage />, { route: '/viewFullCRM' });

    const card = await screen.findByRole('article', { name: 'Q1. May I speak with {respondent_name}?' });
    const marks = [...card.querySelectorAll('mark')].map((m) => [m.textContent, m.dataset.placeholder]);
    expect(marks).toEqual([
      ['respondent_name', 'field'],
      ['brand', 'field'],
      ['Outlet name', 'field'],
      ['Q3', 'answer'],
    ]);
    expect(within(card).getByText('May I speak with', { exact: false }).textContent).toBe(
      'May I speak with respondent_name?',
    );
    expect(within(card).getByRole('list', { name: 'Options of Q1' }).textContent).toBe('Yes brandNo');
    // {{ is text, not a placeholder.
    expect(card.textContent).toContain('not {{this}}');
  });
});
