import { describe, expect, it } from 'vitest';
import { ZUpdateAgentRequest, parseAgentDate } from './agents.ts';

describe('agent dates', () => {
  it('reads yyyy-MM-dd and day-first d/M/yyyy, and only real calendar days', () => {
    expect(parseAgentDate('2024-02-29')).toBe('2024-02-29');
    expect(parseAgentDate(' 5/3/2024 ')).toBe('2024-03-05');
    expect(parseAgentDate('31/12/2023')).toBe('2023-12-31');
    for (const bad of ['2023-02-29', '12/31/2023', '2024-1-5', '5-3-24', 'tomorrow', ''])
      expect(parseAgentDate(bad), bad).toBeNull();
  });
});

describe('ZUpdateAgentRequest', () => {
  const agent = { id: 1, type: 'Physical', name: 'Karim', agentId: 'AG-1', status: true };
  it('keeps the password when it is blank or missing, and checks its length otherwise', () => {
    expect(ZUpdateAgentRequest.parse({ ...agent, password: '' }).password).toBeUndefined();
    expect(ZUpdateAgentRequest.parse(agent).password).toBeUndefined();
    expect(ZUpdateAgentRequest.safeParse({ ...agent, password: 'short' }).success).toBe(false);
    expect(ZUpdateAgentRequest.parse({ ...agent, password: 'long-enough' }).password).toBe('long-enough');
  });
  it('turns blank optional fields into null', () => {
    expect(ZUpdateAgentRequest.parse({ ...agent, email: '  ', cellNumber: ' 0171 ' })).toMatchObject({
      email: null,
      cellNumber: '0171',
    });
  });
});
