// The shared scorecard: one row of buttons per criterion and column, 1/2/3 pick the focused row's marks (in its own
// column, never a locked one), ↑/↓ move the focus a row in the same column, and the texts go to their column.
import '../../../test/jsdom-fonts.ts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { bestScores, type TQcCriterionKey } from '@crm/shared';
import { renderWithApp } from '../../../test/render.tsx';
import { Scorecard, type TScorecardColumn } from './Scorecard.tsx';
import type { TScorecardText, TScorecardValues } from './scorecard-values.ts';

const fresh = (): TScorecardValues => ({ scores: bestScores(), fatalReason: '', easVoiceMatched: '', suggestion: '' });

function TwoColumns({ lockedClient = false }: { lockedClient?: boolean }) {
  const [values, setValues] = useState<Record<string, TScorecardValues>>({ a: fresh(), b: fresh() });
  const onScore = (key: string, criterion: TQcCriterionKey, marks: number) =>
    setValues((v) => ({
      ...v,
      [key]: { ...fresh(), ...v[key], scores: { ...bestScores(), ...v[key]?.scores, [criterion]: marks } },
    }));
  const onText = (key: string, field: TScorecardText, value: string) =>
    setValues((v) => ({ ...v, [key]: { ...fresh(), ...v[key], [field]: value } }));
  const columns: TScorecardColumn[] = [
    { key: 'a', title: 'Marks 1', values: values.a ?? fresh(), locked: false },
    { key: 'b', title: 'Marks 2', values: values.b ?? fresh(), locked: lockedClient },
  ];
  return (
    <>
      <Scorecard columns={columns} onScore={onScore} onText={onText} />
      <output data-testid="state">{JSON.stringify(values)}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Record<string, TScorecardValues>;
const group = (name: string) => within(screen.getByRole('radiogroup', { name }));
const checkedRadio = (name: string) =>
  group(name)
    .getAllByRole<HTMLInputElement>('radio')
    .find((r) => r.checked);

describe('Scorecard', () => {
  it('shows each criterion’s scale as buttons in each column, marks as whole numbers', () => {
    renderWithApp(<TwoColumns />);
    expect(
      group('Marks 1: Poor objection & Negotiation skill')
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Yes (0)', 'Need Improvement (-10)', 'No (-20)']);
    expect(checkedRadio('Marks 2: Fatal')?.value).toBe('0');
    fireEvent.click(group('Marks 2: Fatal').getByLabelText('Yes (-100)'));
    expect(state().b?.scores.fatal).toBe(-100);
    expect(state().a?.scores.fatal).toBe(0);
  });

  it('picks the focused row’s marks with 1, 2 and 3 in that row’s column only', () => {
    renderWithApp(<TwoColumns />);
    fireEvent.keyDown(checkedRadio('Marks 1: CRM') as HTMLInputElement, { key: '2' });
    expect(state().a?.scores.crm).toBe(10);
    fireEvent.keyDown(checkedRadio('Marks 1: CRM') as HTMLInputElement, { key: '3' });
    expect(state().a?.scores.crm).toBe(0);
    expect(state().b?.scores.crm).toBe(20);
    fireEvent.keyDown(checkedRadio('Marks 2: Greetings') as HTMLInputElement, { key: '2' });
    expect(state().b?.scores.greetings).toBe(-5);
    // A two-choice scale has no third.
    fireEvent.keyDown(checkedRadio('Marks 2: Greetings') as HTMLInputElement, { key: '3' });
    expect(state().b?.scores.greetings).toBe(-5);
  });

  it('never changes a locked column, nor a mark while a text field has the focus', () => {
    renderWithApp(<TwoColumns lockedClient />);
    const locked = group('Marks 2: Pace').getAllByRole<HTMLInputElement>('radio');
    expect(locked.every((r) => r.disabled)).toBe(true);
    fireEvent.keyDown(checkedRadio('Marks 2: Pace') as HTMLInputElement, { key: '3' });
    expect(state().b?.scores.pace).toBe(10);
    const suggestion = screen.getByLabelText('Marks 1 suggestion');
    fireEvent.change(suggestion, { target: { value: '3' } });
    fireEvent.keyDown(suggestion, { key: '3' });
    expect(state().a?.suggestion).toBe('3');
    expect(state().a?.scores).toEqual(bestScores());
  });

  it('moves the focus a row down and up in the same column with the arrows', () => {
    renderWithApp(<TwoColumns />);
    const start = checkedRadio('Marks 2: Closing') as HTMLInputElement;
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(checkedRadio('Marks 2: Fatal'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(checkedRadio('Marks 2: Fatal'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(checkedRadio('Marks 2: CRM'));
  });

  it('names a single column’s controls by the criterion alone', () => {
    renderWithApp(
      <Scorecard
        columns={[{ key: 'record', values: fresh(), locked: false }]}
        onScore={() => undefined}
        onText={() => undefined}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Pace' })).toBeTruthy();
    expect(screen.getByLabelText('EAS voice matched with report ?')).toBeTruthy();
    expect(screen.getByLabelText('Fatal Reason')).toBeTruthy();
  });
});
