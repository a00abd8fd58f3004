// What the send card says: why Send to dialer is off (the first reason that holds), progress, and when Resume helps.
import { describe, expect, it } from 'vitest';
import { DIALER_SEND_MESSAGES, type TDialerSend, type TDialerSettingsReply } from '@crm/shared';
import { canResume, sendBlockedReason, sendProgress, settingsText } from './send-text.ts';

const SETTINGS = {
  campaignName: 'A',
  listId: '1001',
  duplicateCheck: 'NONE',
  dncCheck: false,
  campaignDncCheck: false,
  vicidialCampaignId: null,
  rate: 1,
} as const;
const reply = (over: Partial<TDialerSettingsReply> = {}): TDialerSettingsReply => ({
  campaignName: 'A',
  dialer: 'vicidial',
  settings: SETTINGS,
  updatedBy: null,
  updatedAt: null,
  ...over,
});
const send = (over: Partial<TDialerSend>): TDialerSend => ({
  id: 3,
  campaignName: 'A',
  date: '2025-03-02',
  state: 'running',
  listId: '1001',
  rate: 1,
  total: 4,
  pending: 0,
  added: 4,
  duplicate: 0,
  dnc: 0,
  refused: 0,
  failed: 0,
  message: null,
  startedBy: 'admin',
  createdAt: '2025-03-02T08:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('sendBlockedReason', () => {
  const base = { campaignName: 'A', date: '2025-03-02', unsent: 5, latest: undefined };
  it('names the first thing missing: the dialer, then the settings, then a running send, then leads to send', () => {
    expect(sendBlockedReason({ ...base, reply: reply({ dialer: 'unconfigured', settings: null }), unsent: 0 })).toBe(
      DIALER_SEND_MESSAGES.noDialer,
    );
    expect(sendBlockedReason({ ...base, reply: reply({ settings: null }), unsent: 0 })).toBe(
      DIALER_SEND_MESSAGES.noSettings('A'),
    );
    expect(sendBlockedReason({ ...base, reply: reply(), latest: send({ pending: 2 }) })).toBe(
      DIALER_SEND_MESSAGES.alreadyRunning(3),
    );
    expect(sendBlockedReason({ ...base, reply: reply(), unsent: 0, latest: send({ state: 'finished' }) })).toBe(
      DIALER_SEND_MESSAGES.nothingToSend('2025-03-02'),
    );
    expect(sendBlockedReason({ ...base, reply: reply({ dialer: 'simulated' }) })).toBeNull();
  });
});

describe('sendProgress and canResume', () => {
  it('counts the leads with an outcome; an empty send is complete', () => {
    expect(sendProgress({ total: 3, pending: 2 })).toEqual({ done: 1, percent: 33 });
    expect(sendProgress({ total: 0, pending: 0 })).toEqual({ done: 0, percent: 100 });
  });

  it('offers Resume only for an ended send with leads left or failed', () => {
    expect(canResume(send({ state: 'running', pending: 2 }))).toBe(false);
    expect(canResume(send({ state: 'cancelled', pending: 2 }))).toBe(true);
    expect(canResume(send({ state: 'stopped', pending: 1 }))).toBe(true);
    expect(canResume(send({ state: 'finished', failed: 1 }))).toBe(true);
    expect(canResume(send({ state: 'finished' }))).toBe(false);
  });
});

describe('settingsText', () => {
  it('reads a rate of one and no DNC check plainly', () => {
    expect(settingsText(SETTINGS)).toBe('List 1001 · 1 lead a second · duplicates: None · DNC: no check');
  });
});
