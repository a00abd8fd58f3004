// The scoring form on any scorecard: choices by pointer and keyboard (1–9, 0/N for N/A, ↑/↓ and J/K, the next criterion
// focused after a pick), auto-fail marked, the comment box where required or asked for, problems on their criterion,
// and the live summary.
import '../../test/jsdom-fonts.ts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TScorecardMark } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { THREE_SECTIONS } from '../../test/scorecard-test-data.ts';
import { bestMarksOf, ScorecardForm, type TMarkProblems } from './index.ts';

type TScoringProps = { problems?: TMarkProblems; disabled?: boolean; rowScrollMargin?: { bottom: number } };

function Scoring({ problems, disabled, rowScrollMargin }: TScoringProps) {
  const [marks, setMarks] = useState<TScorecardMark[]>(bestMarksOf(THREE_SECTIONS));
  return (
    <>
      <ScorecardForm
        definition={THREE_SECTIONS}
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
      'Close',
    ]);
    expect(within(row('Greeting')).getByText('Did the agent greet the customer by name?')).toBeTruthy();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Greeting' }))
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Yes (10)', 'No (0)', 'N/A']);
    expect(within(row('Compliance')).getByRole('radio', { name: 'Breach (0), auto-fail' })).toBeTruthy();
    expect(within(row('Resolution')).queryByRole('radio', { name: 'N/A' })).toBeNull();
    expect(checked('Active listening')).toEqual(['Good (10)']);
  });

  it('scores by keyboard: digits pick, N is N/A, the next criterion takes the focus, arrows and J/K move', () => {
    renderWithApp(<Scoring />);
    row('Greeting').focus();
    fireEvent.keyDown(row('Greeting'), { key: 'n' });
    expect(choiceOf('greet')).toBeNull();
    expect(document.activeElement).toBe(row('Active listening'));
    fireEvent.keyDown(row('Active listening'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('Resolution'));
    fireEvent.keyDown(row('Resolution'), { key: '2' });
    expect(choiceOf('solve')).toBe('No');
    expect(document.activeElement).toBe(row('Compliance'));
    fireEvent.keyDown(row('Compliance'), { key: 'k' });
    fireEvent.keyDown(row('Resolution'), { key: 'k' });
    fireEvent.keyDown(row('Active listening'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row('Greeting'));
    // Resolution has no N/A and Active listening no fourth choice: nothing changes.
    fireEvent.keyDown(row('Resolution'), { key: '0' });
    fireEvent.keyDown(row('Active listening'), { key: '4' });
    expect(choiceOf('solve')).toBe('No');
    expect(choiceOf('listen')).toBe('Good');
    fireEvent.keyDown(row('Greeting'), { key: 'j' });
    expect(document.activeElement).toBe(row('Active listening'));
  });

  it('keeps the live total, grade and pass as the server computes them, auto-fail failing the call', () => {
    renderWithApp(<Scoring />);
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('100');
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('Pass');
    fireEvent.click(within(row('Resolution')).getByRole('radio', { name: 'No (0)' }));
    // Half of Handling's 40 lost: 80.
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('80');
    expect(screen.getByRole('status', { name: 'Grade' }).textContent).toBe('Meet Expectation');
    fireEvent.click(within(row('Compliance')).getByRole('radio', { name: 'Breach (0), auto-fail' }));
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toBe('0');
    expect(screen.getByRole('status', { name: 'Result' }).textContent).toBe('Fail (auto-fail)');
  });

  it('opens the comment box where a comment is required below the best, or on C, and Esc leaves it', () => {
    renderWithApp(<Scoring />);
    expect(screen.queryByRole('textbox', { name: 'Comment on Active listening' })).toBeNull();
    row('Active listening').focus();
    fireEvent.keyDown(row('Active listening'), { key: '2' });
    const comment = screen.getByRole('textbox', { name: 'Comment on Active listening' });
    expect(within(row('Active listening')).getByText(/Comment \(required below the best mark\)/)).toBeTruthy();
    // Digits typed into a comment stay in the comment.
    fireEvent.change(comment, { target: { value: 'Interrupted 3 times' } });
    fireEvent.keyDown(comment, { key: '3' });
    expect(choiceOf('listen')).toBe('Fair');
    expect(marks().find((m) => m.key === 'listen')?.comment).toBe('Interrupted 3 times');
    fireEvent.keyDown(comment, { key: 'Escape' });
    expect(document.activeElement).toBe(row('Active listening'));
    row('Greeting').focus();
    fireEvent.keyDown(row('Greeting'), { key: 'c' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Comment on Greeting' }));
  });

  it('shows guidance on demand and each problem on its criterion', () => {
    renderWithApp(
      <Scoring problems={{ listen: 'Active listening needs a comment when it is not at its best mark' }} />,
    );
    expect(screen.queryByText('The name from the lead, within 10 seconds.')).toBeNull();
    fireEvent.click(within(row('Greeting')).getByRole('button', { name: 'Guidance' }));
    expect(screen.getByText('The name from the lead, within 10 seconds.')).toBeTruthy();
    expect(within(row('Active listening')).getByRole('alert').textContent).toMatch(/needs a comment/);
    expect(row('Active listening').getAttribute('aria-invalid')).toBe('true');
  });

  it('changes nothing while disabled', () => {
    renderWithApp(<Scoring disabled />);
    fireEvent.keyDown(row('Greeting'), { key: '2' });
    fireEvent.click(within(row('Greeting')).getByRole('radio', { name: 'No (0)' }));
    expect(choiceOf('greet')).toBe('Yes');
  });

  it('keeps 8 px clear around a criterion scrolled to, or what the page asks for under a bar of its own', () => {
    const { unmount } = renderWithApp(<Scoring />);
    expect([row('Compliance').style.scrollMarginTop, row('Compliance').style.scrollMarginBottom]).toEqual([
      '8px',
      '8px',
    ]);
    unmount();
    renderWithApp(<Scoring rowScrollMargin={{ bottom: 110 }} />);
    expect([row('Compliance').style.scrollMarginTop, row('Compliance').style.scrollMarginBottom]).toEqual([
      '8px',
      '110px',
    ]);
  });
});
