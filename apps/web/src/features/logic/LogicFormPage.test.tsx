// Set/Update Logic: the ?data= question, rows per option prefilled from the rules, and the body PUT /api/logic/updateLogic gets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOGIC_MESSAGES, type TLogicRule, type TQuestion } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { logicFormPath, MALFORMED_QUESTION } from './logic-data.ts';
import UpdateLogicsPage from './UpdateLogicsPage.tsx';
import SetLogicsPage from './SetLogicsPage.tsx';

afterEach(() => vi.restoreAllMocks());

const q = (id: number, qno: string, over: Partial<TQuestion> = {}): TQuestion => ({
  id,
  qno,
  campaignId: 'Spring Survey',
  title: `Question ${qno}`,
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const QUESTIONS = [q(1, 'Q1'), q(2, 'Q2', { type: 'Text Input', options: '' }), q(3, 'Q3', { status: false })];
const RULES: TLogicRule[] = [
  { id: 5, questionId: 1, campaignId: 'Spring Survey', optionTitle: 'Yes', questionNoToShow: 3, isCompletedCall: null },
];

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

function mockServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input);
    if (url.startsWith('/questions/getToSetLogic/')) return json(QUESTIONS);
    if (url.startsWith('/api/logic?questionId=1')) return json(RULES);
    if (url === '/api/logic/updateLogic' && init?.method === 'PUT') return json([]);
    return new Promise<Response>(() => undefined);
  });
}

describe('Set and Update Logic pages', () => {
  it('says clearly when the address holds no readable question', async () => {
    storeSession(makeToken());
    mockServer();
    renderWithApp(<SetLogicsPage />, { route: '/setLogics?data=%7Bnot-json' });
    expect(await screen.findByText(MALFORMED_QUESTION)).toBeTruthy();
  });

  it('prefills one "Then" choice per option (go on, end completed or not, or go to a question) and replaces the rules', async () => {
    storeSession(makeToken());
    const fetch = mockServer();
    renderWithApp(<UpdateLogicsPage />, { route: logicFormPath('update', QUESTIONS[0] as TQuestion) });
    const yes = within(await screen.findByRole('group', { name: 'Yes' }));
    const no = within(screen.getByRole('group', { name: 'No' }));
    const yesThen = yes.getByLabelText('Then') as HTMLSelectElement;
    expect(yesThen.value).toBe('go:3');
    // One list: the question itself is no target, an inactive one is marked, and no raw 0/1 value shows.
    expect(Array.from(yesThen.options).map((o) => o.text)).toEqual([
      'Continue with the next question',
      'End: completed call',
      'End: not completed',
      'Go to Q2. Question Q2',
      'Go to Q3. Question Q3 (inactive)',
    ]);

    // Ending the call replaces the jump: a jump and an end can never be chosen together.
    fireEvent.change(yesThen, { target: { value: 'end:1' } });
    expect(yesThen.value).toBe('end:1');
    fireEvent.change(no.getByLabelText('Then'), { target: { value: 'go:2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(LOGIC_MESSAGES.updated)).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      questionId: 1,
      rules: [
        { questionId: 1, campaignId: 'Spring Survey', optionTitle: 'Yes', questionNoToShow: null, isCompletedCall: 1 },
        { questionId: 1, campaignId: 'Spring Survey', optionTitle: 'No', questionNoToShow: 2, isCompletedCall: null },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/logicManagement/Spring%20Survey'));
  });

  it('offers a Text Input question one "Any answer" row', async () => {
    storeSession(makeToken());
    mockServer();
    renderWithApp(<SetLogicsPage />, { route: logicFormPath('set', QUESTIONS[1] as TQuestion) });
    expect(await screen.findByRole('group', { name: 'Any answer' })).toBeTruthy();
    expect(screen.getAllByLabelText('Then')).toHaveLength(1);
  });
});
