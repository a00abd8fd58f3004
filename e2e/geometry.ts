// Layout by geometry for the browser tests: where an element is drawn, and whether it lies inside a 1366×768 window.
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/** The screen the product is built for. */
export const VIEWPORT = { width: 1366, height: 768 };

export type TBox = { x: number; y: number; width: number; height: number };

/** The element's box on the page; throws when it is not drawn. */
export async function boxOf(locator: Locator): Promise<TBox> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${String(locator)} is not shown`);
  return box;
}

/** Whether the box lies wholly inside the 1366×768 viewport. */
export const inViewport = (b: TBox) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= VIEWPORT.width && b.y + b.height <= VIEWPORT.height;

/**
 * Scrolls the element into view and waits until it lies wholly inside the viewport: live panels above it may still
 * change height as they refresh, so it is scrolled again until it stays. Fails, with its box, when it cannot fit.
 */
export async function expectScrolledIntoView(locator: Locator): Promise<void> {
  await expect
    .poll(async () => {
      // Centred, as a person would bring it into view (Chromium's "if needed" leaves a partly shown element be).
      await locator.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
      return boxOf(locator);
    })
    .toSatisfy(inViewport);
}
