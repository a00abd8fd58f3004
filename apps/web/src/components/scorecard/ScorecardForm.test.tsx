// The scoring form on any scorecard: choices by pointer and keyboard (1–9, 0/N for N/A, ↑/↓ and J/K, the next criterion
// focused after a pick), auto-fail marked, the comment box where required or asked for, problems on their criterion,
// and the live summary.
import '../../test/jsdom-fonts.ts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TScorecardMark } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { CARE_FORM } from '../../test/scorecard-test-data.ts';
import { bestMarksOf, ScorecardForm, type TMarkProblems } from './index.ts';

type TScoringProps = { problems?: TMarkProblems; disabled?: boolean; rowScrollMargin?: { bottom: number } };

function Scoring({ problems, disabled, rowScrollMargin }: TScoringProps) {
  const [marks, setMarks] = useState<TScorecardMark[]>(bestMarksOf(CARE_FORM));
  return (
    <>
      <ScorecardForm
        definition={CARE_FORM}
        marks={marks}
        onChange={setMarks}
        problems={problems}
        disabled={disabled}
        rowScrollMargin={rowScrollMargin}
      />
      <output data-testid="marks">{JSON.stringify(marks)}</output>
    </>
  );
}

const marks = () => JSON.parse(screen.getByTestId('marks').textContent ?? '[]') as TScorecardMark[];
const choiceOf = (key: string) => marks().find((m) => m.key === key)?.choice;
const row = (name: string) => screen.getByRole('group', { name });
const checked = (name: string) =>
  within(screen.getByRole('radiogroup', { name }))
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.textContent);

describe('ScorecardForm', () => {
  it('shows the sections, each criterion’s question and choices, N/A where allowed and auto-fail marked', () => {
    renderWithApp(<Scoring />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Opening',
      'Handling',
      'Compliance',
    ]);
    expect(within(row('Hold etiquette')).getByText('Were holds asked for and short?')).toBeTruthy();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Hold etiquette' }))
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Yes (10)', 'No (0)', 'N/A']);
    expect(within(row('Disclosure')).getByRole('radio', { name: 'Missed (0), auto-fail' })).toBeTruthy();
    expect(within(row('Greeting')).queryByRole('radio', { name: 'N/A' })).toBeNull();
    expect(checked('Empathy')).toEqual(['Good (10)']);
  });

  it('scores by keyboard: digits pick, N is N/A, the next criterion takes the focus, arrows and J/K move', () => {
    renderWithApp(<Scoring />);
    row('Greeting').focus();
    fireEvent.keyDown(row('Greeting'), { key: '2' });
    expect(choiceOf('greeting')).toBe('No');
    expect(document.activeElement).toBe(row('Empathy'));
    fireEvent.keyDown(row('Empathy'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('Hold etiquette'));
    fireEvent.keyDown(row('Hold etiquette'), { key: 'n' });
    expect(choiceOf('hold')).toBeNull();
    expect(document.activeElement).toBe(row('Disclosure'));
    // Greeting has no N/A and no fourth choice: nothing changes.
    fireEvent.keyDown(row('Disclosure'), { key: 'k' });
    fireEvent.keyDown(row('Hold etiquette'), { key: 'k' });
    fireEvent.keyDown(row('Empathy'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row('Greeting'));
    fireEvent.keyDown(row('Greeting'), { key: '0' });
    fireEvent.keyDown(row('Empathy'), { key: '4' });
    expect(choiceOf('greeting')).toBe('No');
    expect(choiceOf('empathy')).toBe('Good');
    fireEvent.keyDown(row('Empathy'), { key: 'j' });
    expect(document.activeElement).toBe(row('Hold etiquette'));
  });

  it('keeps the live total, grade and pass as the server computes them, auto-fail failing the call', () => {
    renderWithApp(<Scoring />);
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('100');
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('Pass');
    fireEvent.click(within(row('Greeting')).getByRole('radio', { name: 'No (0)' }));
    // Opening's 20 lost: 80.
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('80');
    expect(screen.getByRole('status', { name: 'Grade' }).textContent).toBe('Meet Expectation');
    fireEvent.click(within(row('Disclosure')).getByRole('radio', { name: 'Missed (0), auto-fail' }));
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('0');
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('Fail (auto-fail)');
  });

  it('opens the comment box where a comment is required below the best, or on C, and Esc leaves it', () => {
    renderWithApp(<Scoring />);
    expect(screen.queryByRole('textbox', { name: 'Comment on Empathy' })).toBeNull();
    row('Empathy').focus();
    fireEvent.keyDown(row('Empathy'), { key: '2' });
    const comment = screen.getByRole('textbox', { name: 'Comment on Empathy' });
    expect(within(row('Empathy')).getByText(/Comment \(required below the best mark\)/)).toBeTruthy();
    // Digits typed into a comment stay in the comment.
    fireEvent.change(comment, { target: { value: 'Interrupted 3 times' } });
    fireEvent.keyDown(comment, { key: '3' });
    expect(choiceOf('empathy')).toBe('Fair');
    expect(marks().find((m) => m.key === 'empathy')?.comment).toBe('Interrupted 3 times');
    fireEvent.keyDown(comment, { key: 'Escape' });
    expect(document.activeElement).toBe(row('Empathy'));
    row('Greeting').focus();
    fireEvent.keyDown(row('Greeting'), { key: 'c' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Comment on Greeting' }));
  });

  it('shows guidance on demand and each problem on its criterion', () => {
    renderWithApp(<Scoring problems={{ empathy: 'Empathy needs a comment when it is not at its best mark' }} />);
    expect(screen.queryByText('The name from the lead, within 10 seconds.')).toBeNull();
    fireEvent.click(within(row('Greeting')).getByRole('button', { name: 'Guidance' }));
    expect(screen.getByText('The name from the lead, within 10 seconds.')).toBeTruthy();
    expect(within(row('Empathy')).getByRole('alert').textContent).toMatch(/needs a comment/);
    expect(row('Empathy').getAttribute('aria-invalid')).toBe('true');
  });

  it('changes nothing while disabled', () => {
    renderWithApp(<Scoring disabled />);
    fireEvent.keyDown(row('Greeting'), { key: '2' });
    fireEvent.click(within(row('Greeting')).getByRole('radio', { name: 'No (0)' }));
    expect(choiceOf('greeting')).toBe('Yes');
  });

  it('keeps 8 px clear around a criterion scrolled to, or what the page asks for under a bar of its own', () => {
    const { unmount } = renderWithApp(<Scoring />);
    expect([row('Disclosure').style.scrollMarginTop, row('Disclosure').style.scrollMarginBottom]).toEqual([
      '8px',
      '8px',
    ]);
    unmount();
    renderWithApp(<Scoring rowScrollMargin={{ bottom: 110 }} />);
    expect([row('Disclosure').style.scrollMarginTop, row('Disclosure').style.scrollMarginBottom]).toEqual([
      '8px',
      '110px',
    ]);
  });
});
