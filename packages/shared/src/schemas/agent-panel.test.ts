import { describe, expect, it } from 'vitest';
import { ZLeadSaveQuery, leadSavedByOtherMessage } from './agent-panel.ts';

describe('leadSavedByOtherMessage', () => {
  // Local times, as the agent reads a clock.
  const now = new Date(2026, 10, 20, 15, 30);
  it('names the agent and the local time of a save made today', () => {
    expect(leadSavedByOtherMessage('AG-1001', new Date(2026, 10, 20, 9, 5), now)).toBe(
      'This lead was saved by AG-1001 at 09:05. Search the number again to see their answers.',
    );
  });

  it('adds the date to a save made on another day, and reads an ISO time', () => {
    expect(leadSavedByOtherMessage('AG-1002', new Date(2026, 10, 19, 23, 59), now)).toBe(
      'This lead was saved by AG-1002 at 2026-11-19 23:59. Search the number again to see their answers.',
    );
    expect(leadSavedByOtherMessage('qc.rahman', new Date(2026, 10, 20, 14, 0).toISOString(), now)).toContain('at 14:00.');
  });
});

describe('ZLeadSaveQuery', () => {
  it('takes an optional whole version', () => {
    expect(ZLeadSaveQuery.parse({ leadId: '12', version: '3' })).toEqual({ leadId: 12, version: 3 });
    expect(ZLeadSaveQuery.parse({ leadId: '12' })).toEqual({ leadId: 12 });
    for (const bad of ['', '-1', '1.5', 'x']) expect(ZLeadSaveQuery.safeParse({ version: bad }).success, bad).toBe(false);
  });
});
