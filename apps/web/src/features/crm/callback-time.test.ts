// The callback form's time on the call centre's clock: reading yyyy-MM-dd HH:mm, the quick picks, and the refusals the
// server would give (in the past, more than 30 days ahead, not a real time), checked before the save.
import { describe, expect, it } from 'vitest';
import { CALLBACK_MESSAGES } from '@crm/shared';
import {
  CALLBACK_TIME_MISSING,
  callbackFormProblem,
  callbackQuickPicks,
  callbackTimeMs,
  callbackTimeText,
} from './callback-time.ts';

const DHAKA = 'Asia/Dhaka';
// 2026-11-20 10:15 in Dhaka (UTC+6).
const NOW = Date.parse('2026-11-20T04:15:30.000Z');
const form = (at: string, note = '') => ({ at, mineOnly: true, note });

describe('callbackTimeMs and callbackTimeText', () => {
  it('reads a wall time of the zone and writes one back', () => {
    expect(callbackTimeMs('2026-11-20 18:30', DHAKA)).toBe(Date.parse('2026-11-20T12:30:00.000Z'));
    expect(callbackTimeText(Date.parse('2026-11-20T12:30:00.000Z'), DHAKA)).toBe('2026-11-20 18:30');
  });

  it('reads nothing that is not a real time of the form', () => {
    for (const text of [
      '2026-11-31 10:00',
      '2026-11-20 24:00',
      '2026-11-20 10:60',
      '20-11-2026 10:00',
      '2026-11-20T10:00',
      '',
    ])
      expect(callbackTimeMs(text, DHAKA), text).toBeNull();
  });

  it('skips the hour lost when summer time begins', () => {
    expect(callbackTimeMs('2026-03-29 01:30', 'Europe/London')).toBeNull();
    expect(callbackTimeMs('2026-03-29 02:30', 'Europe/London')).toBe(Date.parse('2026-03-29T01:30:00.000Z'));
  });
});

describe('callbackQuickPicks', () => {
  it('offers in 1 h (to the next whole minute), this evening at 19:00 and tomorrow at the same time', () => {
    expect(callbackQuickPicks(NOW, DHAKA)).toEqual([
      { label: 'In 1 h', at: '2026-11-20 11:16' },
      { label: 'This evening', at: '2026-11-20 19:00' },
      { label: 'Tomorrow same time', at: '2026-11-21 10:15' },
    ]);
  });

  it('leaves "this evening" out once it is less than half an hour ahead', () => {
    const lateAfternoon = Date.parse('2026-11-20T12:45:00.000Z'); // 18:45 in Dhaka
    expect(callbackQuickPicks(lateAfternoon, DHAKA).map((p) => p.label)).toEqual(['In 1 h', 'Tomorrow same time']);
  });

  it('gives times the form accepts', () => {
    for (const pick of callbackQuickPicks(NOW, DHAKA))
      expect(callbackFormProblem(form(pick.at), NOW, DHAKA), pick.label).toBeNull();
  });
});

describe('callbackFormProblem', () => {
  it("says what the server would refuse, in the server's words", () => {
    expect(callbackFormProblem(form(''), NOW, DHAKA)).toBe(CALLBACK_TIME_MISSING);
    expect(callbackFormProblem(form('2026-11-20 09:00'), NOW, DHAKA)).toBe(CALLBACK_MESSAGES.inThePast);
    expect(callbackFormProblem(form('2026-12-25 10:00'), NOW, DHAKA)).toBe(CALLBACK_MESSAGES.tooFar);
    expect(callbackFormProblem(form('2026-11-31 10:00'), NOW, DHAKA)).toBe(CALLBACK_MESSAGES.notATime);
    expect(callbackFormProblem(form('2026-11-20 18:30', 'x'.repeat(501)), NOW, DHAKA)).toBe(
      'A note is at most 500 characters',
    );
  });

  it('takes a time within 30 days, with spaces around it', () => {
    expect(callbackFormProblem(form(' 2026-11-20 18:30 '), NOW, DHAKA)).toBeNull();
    expect(callbackFormProblem(form('2026-12-20 10:00'), NOW, DHAKA)).toBeNull();
  });
});
