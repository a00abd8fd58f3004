// The demo's closing line names who is asked for a second factor, how often it may be put off, and where to see it.
import { describe, expect, it } from 'vitest';
import { describeDemoSecondFactor } from './second-factor.ts';

describe('describeDemoSecondFactor', () => {
  it('says who enrols, the skips left to a first start, and where to reset', () => {
    const text = describeDemoSecondFactor({ requiredRoles: ['admin'], graceSignIns: 3 });
    expect(text).toContain('Second factor for administrators');
    expect(text).toContain('puts it off 3 times');
    expect(text).toContain('npm run reset-mfa');
    expect(describeDemoSecondFactor({ requiredRoles: ['qc', 'admin'], graceSignIns: 0 })).toContain(
      'administrators and QC inspectors: ',
    );
    expect(describeDemoSecondFactor({ requiredRoles: ['qc', 'admin'], graceSignIns: 0 })).toContain(
      'cannot be put off',
    );
  });

  it('says when it is off', () => {
    expect(describeDemoSecondFactor({ requiredRoles: [], graceSignIns: 3 })).toMatch(
      /^Second factor: off \(MFA_REQUIRED=none/,
    );
  });
});
