// What the server's log may not hold: media tokens (they travel in query strings) and phone numbers in full. Every
// line is masked as it is written (pino's streamWrite hook), so a token in any URL logged shows as ***, and a number
// in a URL, an error message or a database error's detail shows only its last 4 digits.

/**
 * A run of 9 to 15 digits (a phone number as dialled, with or without country code, + or %2B) not written as a JSON
 * number (after `:`): those are times, durations and counts. Dates (8 digits, 20261120) and ids below 10^9 stay.
 */
const PHONE = /(?<![\d:])((?:\+|%2B)?)(\d{5,11})(\d{4})(?!\d)/g;

/** A token in a query string, up to the next parameter or the end of the JSON string that holds the URL. */
const TOKEN = /([?&]token=)[^&"\s]*/g;

/** A log line as written: tokens as ***, phone numbers to their last 4 digits. */
export function maskLogLine(text: string): string {
  return maskPhones(text.replace(TOKEN, '$1***'));
}

/** The text with every phone number masked to its last 4 digits: 01712345678 → *******5678. */
export function maskPhones(text: string): string {
  return text.replace(
    PHONE,
    (_m, plus: string, hidden: string, last: string) => `${plus}${'*'.repeat(hidden.length)}${last}`,
  );
}
