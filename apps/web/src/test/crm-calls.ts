// Test support for the CRM screen's tests: the campaign's dispositions as the server answers them, and the end of a call
// (the disposition step) walked by keys and Save.
import { fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_DISPOSITIONS } from '@crm/shared';

/** The fake server's reply for GET /api/dispositions: the default set every campaign starts with. */
export const DISPOSITIONS_ROUTE = { 'GET /api/dispositions': { body: DEFAULT_DISPOSITIONS } };

export const endOfCall = () => screen.findByRole('region', { name: 'End of call' });

/** Presses a key where the focus is (the step listens on the document, as the browser delivers it). */
export function press(key: string, options: { ctrlKey?: boolean; altKey?: boolean } = {}) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...options });
}

/** The disposition step: optionally a number key to choose, then Save; the step's region. */
export async function confirmEnd(key?: string): Promise<HTMLElement> {
  const end = await endOfCall();
  if (key !== undefined) press(key);
  fireEvent.click(within(end).getByRole('button', { name: 'Save' }));
  return end;
}
