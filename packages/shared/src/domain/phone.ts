// Phone numbers: 017…, 88017…, +88 017-… are one number. Stored and compared in E.164 (+8801712345678).
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** The country a number without its country code is read in, unless configured otherwise. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'BD';

/** Spaces, dashes, dots and brackets people and spreadsheets put inside numbers. */
const SEPARATORS = /[\s\-.()]/g;
/** A Bangladeshi mobile number (013…019), with or without 0, 88, +88 or 0088 in front. */
const BD_MOBILE = /^(?:\+?88|0088)?0?(1[3-9]\d{8})$/;

/**
 * The number in E.164, or null when it is not a valid number. Bangladeshi mobile numbers (nearly every
 * lead) take a fast path that gives the same answer as libphonenumber-js; everything else goes through it.
 */
export function normalisePhone(raw: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const compact = raw.trim().replace(SEPARATORS, '');
  if (compact.length === 0 || compact.length > 32) return null;
  if (defaultCountry === 'BD') {
    const mobile = BD_MOBILE.exec(compact);
    if (mobile) return `+880${mobile[1]}`;
  }
  const parsed = parsePhoneNumberFromString(compact, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether a two-letter country code is one libphonenumber-js knows (for the PHONE_COUNTRY setting). */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}
