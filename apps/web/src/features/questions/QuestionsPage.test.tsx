// The Questions list: the campaign filter pages one campaign's questions on the server and keeps it in the address;
// delete asks with the rule count and reloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { QUESTION_MESSAGES, type TCampaign, type TPaged, type TQuestion } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import QuestionsPage from './QuestionsPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const campaign = (id: number, campaignName: string): TCampaign => ({
  id,
  campaignId: `C${id}`,
  campaignName,
  campaignType: 'Outbound',
  callTarget: 5,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
});
const question = (id: number, campaignId: string, qno: string): TQuestion => ({
  id,
  qno,
  campaignId,
  title: `Question ${qno}`,
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
});
const page = (content: TQuestion[]): TPaged<TQuestion> => ({
  recordCount: content.length,
  response: { content, totalElements: content.length, totalPages: 1, size: 10, number: 0 },
});

const ALL = [question(1, 'Eid Offer', 'Q1'), question(2, 'Spring Survey', 'Q1'), question(3, 'Spring Survey', 'Q2')];

function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Answers like the server: the paged list with its campaign filter, campaigns, the delete impact and the delete. */
function renderPage(route = '/question') {
  storeSession(makeToken());
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/cc/campaigns') return json([campaign(1, 'Eid Offer'), campaign(2, 'Spring Survey')]);
    if (url.pathname.startsWith('/questions/pagination/')) {
      const name = url.searchParams.get('campaignName');
      return json(page(name === null ? ALL : ALL.filter((q) => q.campaignId === name)));
    }
    if (url.pathname === '/questions/deleteImpact/3') return json({ rules: 2 });
    if (method === 'DELETE' && url.pathname === '/questions/deleteQuestion/3') return json({ deletedRules: 2 });
    return json({ message: 'Not found.' }, 404);
  });
  renderWithApp(<QuestionsPage />, { route });
  return fetch;
}

const listed = () => screen.getAllByRole('link', { name: /^Edit Q/ }).map((a) => a.getAttribute('aria-label'));
const pagesAsked = (fetch: ReturnType<typeof renderPage>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname.startsWith('/questions/pagination/'))
    .map((u) => `${u.pathname}${u.search}`);

describe('QuestionsPage', () => {
  it("asks the server for one campaign's page when a campaign is chosen, and keeps it in the address", async () => {
    const fetch = renderPage();
    await waitFor(() =>
      expect(listed()).toEqual(['Edit Q1 of Eid Offer', 'Edit Q1 of Spring Survey', 'Edit Q2 of Spring Survey']),
    );
    await screen.findByRole('option', { name: 'Spring Survey' });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
    await waitFor(() => expect(listed()).toEqual(['Edit Q1 of Spring Survey', 'Edit Q2 of Spring Survey']));
    expect(pagesAsked(fetch)).toContain('/questions/pagination/0/10?campaignName=Spring+Survey');
    expect(screen.getByTestId('location').textContent).toBe('/question?campaign=Spring+Survey');
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: '' } });
    await waitFor(() => expect(listed()).toHaveLength(3));
  });

  it('opens on the campaign the address names', async () => {
    const fetch = renderPage('/question?campaign=Eid%20Offer');
    await waitFor(() => expect(listed()).toEqual(['Edit Q1 of Eid Offer']));
    expect(pagesAsked(fetch)).toEqual(['/questions/pagination/0/10?campaignName=Eid+Offer']);
  });

  it('deletes after a confirmation that counts the rules going with it, says so and reloads', async () => {
    const fetch = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Q2 of Spring Survey' }));
    expect(await screen.findByText(/2 logic rules go with it/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(QUESTION_MESSAGES.deleted)).toBeTruthy();
    expect(screen.getByText('Q2 of Spring Survey deleted, with 2 logic rules.')).toBeTruthy();
    await waitFor(() => expect(pagesAsked(fetch).length).toBe(2));
  });
});
