import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TDialerState } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { LiveDialerPanel } from './LiveDialerPanel.tsx';

const STATS = {
  calls_waiting: 4,
  agents_logged_in: 31,
  agents_in_calls: 19,
  agents_waiting: 5,
  agents_paused: 3,
  agents_in_dead_calls: 1,
  agents_in_dispo: 2,
  agents_in_dial: 1,
};
const base: TDialerState = {
  mode: 'vicidial',
  stats: STATS,
  updatedAt: '2024-05-02T09:15:30.000Z',
  error: null,
  errorAt: null,
};

const figure = (label: string) => within(screen.getByRole('group', { name: label }));

describe('LiveDialerPanel', () => {
  it('shows the eight figures under their human labels', () => {
    renderWithApp(<LiveDialerPanel state={base} status="open" />);
    const expected: [string, number][] = [
      ['Calls waiting', 4],
      ['Agents logged in', 31],
      ['In calls', 19],
      ['Waiting', 5],
      ['Paused', 3],
      ['Dead calls', 1],
      ['In disposition', 2],
      ['Dialling', 1],
    ];
    for (const [label, value] of expected) expect(figure(label).getByText(String(value))).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.queryByText('Simulated')).toBeNull();
  });

  it('says "Dialer not configured" when the server has no dialer', () => {
    renderWithApp(
      <LiveDialerPanel state={{ ...base, mode: 'unconfigured', stats: null, updatedAt: null }} status="open" />,
    );
    expect(screen.getByText('Dialer not configured')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Calls waiting' })).toBeNull();
  });

  it('labels simulated figures as simulated', () => {
    renderWithApp(<LiveDialerPanel state={{ ...base, mode: 'simulated' }} status="open" />);
    expect(screen.getByText('Simulated')).toBeTruthy();
  });

  it('shows the error and when the last good figures were read', () => {
    renderWithApp(
      <LiveDialerPanel
        state={{ ...base, error: 'The dialer did not answer within 4 s.', errorAt: '2024-05-02T09:16:00.000Z' }}
        status="open"
      />,
    );
    const alert = within(screen.getByRole('alert'));
    expect(alert.getByText('The dialer did not answer within 4 s.')).toBeTruthy();
    expect(alert.getByText(/^Last updated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:30$/)).toBeTruthy();
    expect(figure('Agents logged in').getByText('31')).toBeTruthy(); // the last good figures stay visible
  });

  it('says no figures were read yet when the very first read failed, and shows reconnecting', () => {
    renderWithApp(
      <LiveDialerPanel
        state={{
          ...base,
          stats: null,
          updatedAt: null,
          error: 'Cannot reach the dialer at dialer.local (ECONNREFUSED).',
          errorAt: base.updatedAt,
        }}
        status="reconnecting"
      />,
    );
    expect(screen.getByText('No figures have been read yet.')).toBeTruthy();
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
  });
});
