import { describe, expect, it } from 'vitest';
import type { TCoachingSession } from '@crm/shared';
import { formatChange, formatFigure, sessionSteps, sideRecords } from './coaching-view.ts';

const session = (patch: Partial<TCoachingSession>): TCoachingSession => ({
  id: 1,
  state: 'planned',
  agentUserId: 7,
  agentId: 'AG-1001',
  agentName: 'Karim Hossain',
  campaignId: 1,
  campaignName: 'Mobile',
  scorecardId: 1,
  focus: [{ key: 'crm', name: 'CRM' }],
  qcRecords: [],
  notes: '',
  actionItems: [],
  meetingDate: null,
  autoOpened: false,
  coachId: 3,
  coach: 'qc.rahman',
  createdAt: '2026-12-01T10:00:00.000Z',
  heldAt: null,
  acknowledgeDueAt: null,
  overdue: false,
  acknowledgedAt: null,
  acknowledgement: null,
  closedAt: null,
  closedBy: null,
  result: null,
  ...patch,
});

const COACH = { role: 'QC', userId: 3 } as const;
const OTHER_QC = { role: 'QC', userId: 4 } as const;
const ADMIN = { role: 'ADMIN', userId: 1 } as const;
const AGENT = { role: 'AGENT', userId: 7 } as const;

describe('the steps a coaching session offers', () => {
  it('offers Held on a planned session to its inspector and admins only', () => {
    expect(sessionSteps(session({}), COACH)).toEqual({ hold: true, close: false, acknowledge: false });
    expect(sessionSteps(session({}), ADMIN).hold).toBe(true);
    expect(sessionSteps(session({}), OTHER_QC).hold).toBe(false);
    expect(sessionSteps(session({}), AGENT)).toEqual({ hold: false, close: false, acknowledge: false });
  });

  it('offers Close once held or acknowledged, and Acknowledge to its own agent once held', () => {
    expect(sessionSteps(session({ state: 'held' }), COACH)).toEqual({ hold: false, close: true, acknowledge: false });
    expect(sessionSteps(session({ state: 'acknowledged' }), ADMIN).close).toBe(true);
    expect(sessionSteps(session({ state: 'held' }), AGENT).acknowledge).toBe(true);
    expect(sessionSteps(session({ state: 'held' }), { role: 'AGENT', userId: 8 }).acknowledge).toBe(false);
    expect(sessionSteps(session({ state: 'acknowledged' }), AGENT).acknowledge).toBe(false);
    expect(sessionSteps(session({ state: 'closed' }), COACH)).toEqual({
      hold: false,
      close: false,
      acknowledge: false,
    });
  });
});

describe('the before/after figure in words', () => {
  it('rounds marks and shares, and says none as a dash', () => {
    expect(formatFigure(33.3333, '%')).toBe('33.33%');
    expect(formatFigure(-2.5)).toBe('-2.5');
    expect(formatFigure(null)).toBe('—');
  });

  it('signs the change in points', () => {
    expect(formatChange(54.1666)).toBe('+54.17 points');
    expect(formatChange(-3)).toBe('−3 points');
    expect(formatChange(0)).toBe('±0 points');
    expect(formatChange(null)).toBe('—');
  });

  it('says when a side had fewer records than compared', () => {
    expect(sideRecords(3, 10)).toBe('3 records (fewer than 10)');
    expect(sideRecords(1, 1)).toBe('1 record');
  });
});
