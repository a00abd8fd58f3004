// What the server's log may not hold in full: phone numbers. Every line is masked as it is written (pino's
// streamWrite hook), so a number in a URL, an error message or a database error's detail shows only its last 4 digits.

/**
 * A run of 9 to 15 digits (a phone number as dialled, with or without country code, + or %2B) not written as a JSON
 * number (after `:`): those are times, durations and counts. Dates (8 digits, 20261120) and ids below 10^9 stay.
 */
const PHONE = /(?<![\d:])((?:\+|%2B)?)(\d{5,11})(\d{4})(?!\d)/g;

/** The text with every phone number masked to its last 4 digits: 01712345678 → *******5678. */
export function maskPhones(text: string): string {
  return text.replace(PHONE, (_m, plus: string, hidden: string, last: string) => `${plus}${'*'.repeat(hidden.length)}${last}`);
}
