import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TFloor } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { FloorView } from './FloorPanel.tsx';

const at = new Date(Date.now()).toISOString();
const ago = (s: number) => new Date(Date.parse(at) - s * 1000).toISOString();

const floor: TFloor = {
  at,
  agents: [
    {
      userId: 1,
      agentId: 'AG-1',
      agentName: 'Farhana',
      campaignName: 'Spring Survey',
      shift: 'Morning',
      signedInAt: ago(3600),
      state: 'onCall',
      callStartedAt: ago(125),
      leadId: '42',
      cellNumberMasked: '•••••••••0001',
      question: { qno: 'Q3', title: 'How many packs?' },
      callsToday: 1234,
      completedToday: 900,
    },
    {
      userId: 2,
      agentId: 'AG-2',
      agentName: 'Nasir',
      campaignName: 'Spring Survey',
      shift: 'Morning',
      signedInAt: ago(600),
      state: 'idle',
      idleSince: ago(65),
      callsToday: 3,
      completedToday: 1,
    },
  ],
  totals: { signedIn: 2, onCall: 1, idle: 1, callsToday: 2900, completedToday: 901 },
};

const total = (label: string) => within(screen.getByRole('group', { name: label }));

describe('FloorView', () => {
  it('shows the totals grouped and each agent with state, time in it, lead and question', () => {
    renderWithApp(<FloorView floor={floor} status="open" clockOffsetMs={0} />);
    expect(total('Calls today').getByText('2,900')).toBeTruthy();
    expect(total('On a call').getByText('1')).toBeTruthy();
    expect(screen.getByTestId('floor-live').textContent).toBe('Live');
    const first = within(screen.getByTestId('floor-agent-AG-1'));
    expect(first.getByText('On call')).toBeTruthy();
    expect(first.getByText(/^2:0[5-6]$/)).toBeTruthy();
    expect(first.getByText('•••••••••0001')).toBeTruthy();
    expect(first.getByText('Lead 42')).toBeTruthy();
    expect(first.getByText('How many packs?', { exact: false })).toBeTruthy();
    expect(first.getByText('1,234')).toBeTruthy();
    const second = within(screen.getByTestId('floor-agent-AG-2'));
    expect(second.getByText('Idle')).toBeTruthy();
    expect(second.getByText(/^1:0[5-6]$/)).toBeTruthy();
    expect(screen.queryByText('VICIdial')).toBeNull();
  });

  it('says the connection is lost and keeps the last floor while reconnecting', () => {
    renderWithApp(<FloorView floor={floor} status="reconnecting" clockOffsetMs={0} />);
    expect(screen.getByText('Connection to the server lost')).toBeTruthy();
    expect(screen.getByText(/^Reconnecting… The floor below is as of /)).toBeTruthy();
    expect(screen.getByTestId('floor-live').textContent).toBe('Reconnecting…');
    expect(screen.getByTestId('floor-agent-AG-1')).toBeTruthy();
  });

  it('says when nobody is signed in, and shows VICIdial’s state when the dialer is set up', () => {
    const { unmount } = renderWithApp(
      <FloorView
        floor={{ ...floor, agents: [], totals: { ...floor.totals, signedIn: 0 } }}
        status="open"
        clockOffsetMs={0}
      />,
    );
    expect(screen.getByText('No agent is signed in.')).toBeTruthy();
    unmount();
    const withDialer = floor.agents.map((a) => ({
      ...a,
      dialer: { status: 'INCALL', subStatus: 'DEAD', leadId: '9', error: null },
    }));
    renderWithApp(<FloorView floor={{ ...floor, agents: withDialer }} status="open" clockOffsetMs={0} />);
    expect(screen.getByText('VICIdial')).toBeTruthy();
    expect(within(screen.getByTestId('floor-agent-AG-1')).getByText('INCALL · DEAD')).toBeTruthy();
  });
});
