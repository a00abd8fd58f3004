import { describe, expect, it } from 'vitest';
import { ZLeadSaveQuery, leadSavedByOtherMessage } from './crm.ts';

describe('leadSavedByOtherMessage', () => {
  // The call centre's times (Dhaka, UTC+6), as the agent reads a clock: 15:30 there is 09:30 UTC.
  const now = new Date('2026-11-20T09:30:00Z');
  it("names the agent and the call centre's time of a save made today there", () => {
    expect(leadSavedByOtherMessage('AG-1001', new Date('2026-11-20T03:05:00Z'), 'Asia/Dhaka', now)).toBe(
      'This lead was saved by AG-1001 at 09:05. Search the number again to see their answers.',
    );
    // 00:30 in Dhaka is still the 19th in UTC, but today for the call centre.
    expect(leadSavedByOtherMessage('AG-1001', new Date('2026-11-19T18:30:00Z'), 'Asia/Dhaka', now)).toContain(
      'at 00:30.',
    );
  });

  it('adds the date to a save made on another day, and reads an ISO time', () => {
    expect(leadSavedByOtherMessage('AG-1002', new Date('2026-11-19T17:59:00Z'), 'Asia/Dhaka', now)).toBe(
      'This lead was saved by AG-1002 at 2026-11-19 23:59. Search the number again to see their answers.',
    );
    expect(leadSavedByOtherMessage('qc.rahman', '2026-11-20T08:00:00.000Z', 'Asia/Dhaka', now)).toContain('at 14:00.');
    expect(leadSavedByOtherMessage('qc.rahman', '2026-11-20T08:00:00.000Z', 'UTC', now)).toContain('at 08:00.');
  });
});

describe('ZLeadSaveQuery', () => {
  it('takes an optional whole version', () => {
    expect(ZLeadSaveQuery.parse({ leadId: '12', version: '3' })).toEqual({ leadId: 12, version: 3 });
    expect(ZLeadSaveQuery.parse({ leadId: '12' })).toEqual({ leadId: 12 });
    for (const bad of ['', '-1', '1.5', 'x'])
      expect(ZLeadSaveQuery.safeParse({ version: bad }).success, bad).toBe(false);
  });
});
