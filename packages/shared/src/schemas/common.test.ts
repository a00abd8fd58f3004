import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zBooleanText, zNumberText } from './common.ts';

const issues = (r: { error?: z.ZodError }) => r.error?.issues.map((i) => i.message);

describe('zNumberText', () => {
  const target = zNumberText(
    z.number().int('must be whole').min(0, 'must be 0 or more').nullable(),
    'must be a number',
  );

  it('takes a number or its text (spaces trimmed), and blank text or null as none', () => {
    expect([7, '7', ' 7 ', '+7', '0', '', '  ', null].map((v) => target.parse(v))).toEqual([
      7,
      7,
      7,
      7,
      0,
      null,
      null,
      null,
    ]);
  });

  it("refuses other text and other types with its message, and applies the target's own checks to the number", () => {
    for (const v of ['seven', '7a', '1e3', '0x10', true, {}, []])
      expect(issues(target.safeParse(v)), JSON.stringify(v)).toEqual(['must be a number']);
    expect(issues(target.safeParse('2.5'))).toEqual(['must be whole']);
    expect(issues(target.safeParse('-1'))).toEqual(['must be 0 or more']);
  });

  it('passes blank on to the target, so a target without null refuses it', () => {
    const required = zNumberText(z.number({ message: 'is required' }), 'must be a number');
    expect(issues(required.safeParse(''))).toEqual(['is required']);
  });
});

describe('zBooleanText', () => {
  const status = zBooleanText('status must be true or false');

  it("takes true/false and the select's 'true'/'false', and nothing else", () => {
    expect([true, false, 'true', 'false'].map((v) => status.parse(v))).toEqual([true, false, true, false]);
    for (const v of ['yes', 'TRUE', 1, null, ''])
      expect(issues(status.safeParse(v)), JSON.stringify(v)).toEqual(['status must be true or false']);
  });
});
