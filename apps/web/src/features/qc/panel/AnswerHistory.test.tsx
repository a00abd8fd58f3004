// The lead card's answer history in jsdom against a fake server: each save's agent, time, called flag and answers,
// the newest few first with the rest on request, an empty history, and a failed read with Retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLeadAnswerHistoryEntry } from '@crm/shared';
import { renderWithApp } from '../../../test/render.tsx';
import { fakeServer } from '../../../test/lead-actions-test-fetch.ts';
import { AnswerHistory, HISTORY_SHOWN_FIRST, answersText } from './AnswerHistory.tsx';
import { formatDateTime } from '../../../app/time-zone.ts';

afterEach(() => vi.restoreAllMocks());

const entry = (
  version: number,
  agentId: string,
  answers: Record<string, string>,
  isCalled = 1,
): TLeadAnswerHistoryEntry => ({
  version,
  agentId,
  savedAt: `2026-11-18T0${version}:15:00.000Z`,
  answers,
  isCalled,
});

const PATH = 'GET /api/ap/answerHistory/7';

async function rowsOf() {
  const section = within(await screen.findByRole('region', { name: 'Answer history' }));
  await waitFor(() => expect(section.queryAllByRole('row').length).toBeGreaterThan(1));
  return { section, rows: () => section.getAllByRole('row').slice(1) };
}

describe('AnswerHistory', () => {
  it('lists each save: when, which agent, whether the call was completed, the answers in qno order', async () => {
    fakeServer({
      [PATH]: {
        body: [
          entry(2, 'AG-1001', { Q10: 'Late', Q2: 'Alpha, Beta', Q1: 'Yes' }),
          entry(1, 'AG-1002', { Q1: 'Partial Call' }, 0),
        ],
      },
    });
    renderWithApp(<AnswerHistory leadId={7} version={2} />);
    const { rows } = await rowsOf();
    expect(rows().map((r) => r.textContent)).toEqual([
      `${formatDateTime('2026-11-18T02:15:00.000Z')}AG-1001YesQ1: Yes · Q2: Alpha, Beta · Q10: Late`,
      `${formatDateTime('2026-11-18T01:15:00.000Z')}AG-1002NoQ1: Partial Call`,
    ]);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('shows the newest saves of a long history first, and all of them on request', async () => {
    const many = [6, 5, 4, 3, 2, 1].map((v) => entry(v, `AG-10${v}0`, { Q1: `answer ${v}` }));
    fakeServer({ [PATH]: { body: many } });
    renderWithApp(<AnswerHistory leadId={7} version={6} />);
    const { section, rows } = await rowsOf();
    expect(rows()).toHaveLength(HISTORY_SHOWN_FIRST);
    expect(rows()[0]?.textContent).toContain('AG-1060');
    fireEvent.click(section.getByRole('button', { name: 'Show all 6 saves' }));
    expect(rows()).toHaveLength(6);
    expect(rows()[5]?.textContent).toContain('AG-1010');
    fireEvent.click(section.getByRole('button', { name: 'Show less' }));
    expect(rows()).toHaveLength(HISTORY_SHOWN_FIRST);
  });

  it('says so when the lead was never saved, and offers Retry when the history cannot be read', async () => {
    let reply: { status: number; body: unknown } = {
      status: 503,
      body: { message: 'The server is busy. Try again in a moment.' },
    };
    const server = fakeServer({ [PATH]: () => reply });
    renderWithApp(<AnswerHistory leadId={7} version={0} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('The server is busy. Try again in a moment.')).toBeTruthy();
    reply = { status: 200, body: [] };
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No survey save of this lead yet.')).toBeTruthy();
    expect(server.count('GET', '/api/ap/answerHistory/7')).toBeGreaterThanOrEqual(2);
  });

  it('writes the answers of a save as one line', () => {
    expect(answersText({ Q3: '2', Q1: 'Yes' })).toBe('Q1: Yes · Q3: 2');
    expect(answersText({})).toBe('No answers');
  });
});
