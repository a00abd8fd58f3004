import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../test/render.tsx';
import { DateField } from './DateField.tsx';

function Probe({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Call date" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('shows a day as yyyy-MM-dd and hands a typed yyyy-MM-dd day back as it is', () => {
    renderWithApp(<Probe initial="2026-11-20" />);
    const input = screen.getByLabelText<HTMLInputElement>('Call date');
    expect(input.value).toBe('2026-11-20');
    fireEvent.change(input, { target: { value: '2026-02-03' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('value').textContent).toBe('2026-02-03');
    expect(input.value).toBe('2026-02-03');
  });

  it('does not take an impossible day', () => {
    renderWithApp(<Probe initial="2026-11-20" />);
    const input = screen.getByLabelText<HTMLInputElement>('Call date');
    fireEvent.change(input, { target: { value: '2026-02-30' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-20');
  });
});

describe('DateField buttons', () => {
  it('picks a day from the calendar and clears an optional one', async () => {
    function Optional() {
      const [value, setValue] = useState('2026-11-20');
      return (
        <>
          <DateField label="From" value={value} onChange={setValue} clearLabel="Clear from" />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    renderWithApp(<Optional />);
    fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    fireEvent.click(await screen.findByRole('button', { name: '12 November 2026' }));
    expect(screen.getByTestId('value').textContent).toBe('2026-11-12');
    fireEvent.click(screen.getByRole('button', { name: 'Clear from' }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear from' })).toBeNull();
  });
});
