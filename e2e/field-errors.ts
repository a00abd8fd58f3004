// Browser-test support: the message a form shows under an input, found as assistive technology finds it
// (aria-describedby), and where it sits on the screen: right under its input, inside the viewport.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The text of the input's error message(s), or '' when it has none. */
export function errorOf(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** Waits until `message` is the input's error, and checks it shows under the input, within the viewport. */
export async function expectErrorUnder(page: Page, input: Locator, message: string): Promise<void> {
  await expect.poll(() => errorOf(input), { timeout: 15_000 }).toBe(message);
  const errorId = await input.evaluate(
    (element) =>
      (element.getAttribute('aria-describedby') ?? '').split(/\s+/).find((id) => id.endsWith('-error')) ?? '',
  );
  const [field, error] = await Promise.all([input.boundingBox(), page.locator(`[id="${errorId}"]`).boundingBox()]);
  const viewport = page.viewportSize();
  if (field === null || error === null || viewport === null)
    throw new Error('The input or its error is not on the screen');
  // Below the input (not beside it, not over it), sharing its column.
  expect(error.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
  expect(error.y - (field.y + field.height)).toBeLessThan(40);
  expect(error.x).toBeLessThan(field.x + field.width);
  expect(error.x + error.width).toBeGreaterThan(field.x);
  // Seen without scrolling.
  expect(error.x).toBeGreaterThanOrEqual(0);
  expect(error.y + error.height).toBeLessThanOrEqual(viewport.height);
  expect(error.x + error.width).toBeLessThanOrEqual(viewport.width);
}
