import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isPhoneCountry, normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it('reads every common way of writing one Bangladeshi mobile number as the same E.164 number', () => {
    for (const raw of [
      '01712345678',
      '8801712345678',
      '+8801712345678',
      '+88 017-1234-5678',
      '0088 01712345678',
      ' 01712 345 678 ',
      '(017) 1234.5678',
      '1712345678',
    ]) {
      expect(normalisePhone(raw), raw).toBe('+8801712345678');
    }
  });

  it('refuses what is not a valid number', () => {
    for (const raw of ['', '017123', '01212345678', 'abc', '0171234567890123', '+88 012 3'])
      expect(normalisePhone(raw), raw).toBeNull();
  });

  it('takes numbers of other countries written with their code, and another default country', () => {
    expect(normalisePhone('+1 415 555 2671')).toBe('+14155552671');
    expect(normalisePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(normalisePhone('01712345678', 'GB')).toBeNull();
  });

  it('gives the same answer on its fast path as libphonenumber-js', () => {
    for (const prefix of ['13', '14', '15', '16', '17', '18', '19']) {
      for (const raw of [`0${prefix}12345678`, `880${prefix}98765432`, `+880${prefix}00000001`]) {
        expect(normalisePhone(raw), raw).toBe(parsePhoneNumberFromString(raw, 'BD')?.number);
        expect(parsePhoneNumberFromString(raw, 'BD')?.isValid(), raw).toBe(true);
      }
    }
  });

  it('knows the country codes it can read', () => {
    expect(isPhoneCountry('BD')).toBe(true);
    expect(isPhoneCountry('ZZ')).toBe(false);
  });
});
