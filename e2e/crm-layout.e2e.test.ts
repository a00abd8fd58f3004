// The agent's /CRM on the call-centre's monitors, measured in Chromium: at 1366×768 the lead card, the question and
// its buttons are all on screen without scrolling; at 1024×768 nothing overlaps and the number to dial stays on one
// line, on the call and on the idle screen's lists.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './browser.ts';
import {
  LEADS,
  createCallCampaign,
  createCrmAgent,
  next,
  parkWithCallback,
  questionHeading,
  search,
  signInAgentTo,
  survey,
} from './crm-support.ts';

const t = useBrowser({ width: 1366, height: 768 });
let agentId = '';

beforeAll(async () => {
  agentId = await createCrmAgent(t.baseUrl);
});

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${locator.toString()} is not on the page`);
  return box;
}

function insideViewport(box: Box, viewport: { width: number; height: number }): boolean {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Every pair of the named boxes that overlaps. */
function overlaps(boxes: Record<string, Box>): string[] {
  const names = Object.keys(boxes);
  return names.flatMap((a, i) =>
    names.slice(i + 1).flatMap((b) => (overlap(boxes[a] as Box, boxes[b] as Box) ? [`${a} × ${b}`] : [])),
  );
}

/** The lines the text of an element takes (the client rects of its text). */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  });
}

async function pageScroll(page: Page) {
  return page.evaluate(() => ({
    x: window.scrollX,
    y: window.scrollY,
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }));
}

/** What the agent needs on a call: the lead card, the question and its three buttons. */
function callParts(page: Page): Record<string, Locator> {
  return {
    search: page.getByRole('search', { name: 'Search lead by number' }),
    title: page.getByRole('heading', { level: 1 }),
    leadCard: page.getByRole('region', { name: 'Lead details' }),
    progress: survey(page).getByTestId('call-progress'),
    question: survey(page).getByRole('heading', { level: 2 }),
    options: survey(page).getByRole('radiogroup'),
    back: survey(page).getByRole('button', { name: 'Back', exact: true }),
    partial: survey(page).getByRole('button', { name: 'Partial Call', exact: true }),
    next: next(page),
  };
}

async function boxesOf(parts: Record<string, Locator>): Promise<Record<string, Box>> {
  const boxes: Record<string, Box> = {};
  for (const [name, locator] of Object.entries(parts)) boxes[name] = await boxOf(locator);
  return boxes;
}

const phoneCell = (page: Page) =>
  page.getByRole('region', { name: 'Lead details' }).getByRole('cell', { name: LEADS.walk.e164, exact: true });

describe('CRM call screen geometry', () => {
  it('shows the lead card, the question with its instruction and the buttons inside 1366×768 without scrolling', async () => {
    const { page, context } = t;
    const setup = await createCallCampaign(context.request, 'Layout Study');
    await signInAgentTo(page, agentId, setup.campaign);
    await search(page, LEADS.walk.typed);
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    const viewport = { width: 1366, height: 768 };

    const boxes = await boxesOf(callParts(page));
    const outside = Object.entries(boxes)
      .filter(([, box]) => !insideViewport(box, viewport))
      .map(([name, box]) => `${name} ${JSON.stringify(box)}`);
    expect(outside, 'parts outside 1366×768').toEqual([]);
    expect(
      overlaps({
        leadCard: boxes.leadCard as Box,
        question: boxes.question as Box,
        back: boxes.back as Box,
        partial: boxes.partial as Box,
        next: boxes.next as Box,
        search: boxes.search as Box,
        title: boxes.title as Box,
      }),
    ).toEqual([]);
    // The instruction is read before the options.
    const instruction = await boxOf(survey(page).getByText('Greet the respondent by name first.'));
    expect(instruction.y + instruction.height).toBeLessThanOrEqual((boxes.options as Box).y);
    expect(await pageScroll(page)).toEqual({ x: 0, y: 0, sideways: false });
    expect(await linesOf(phoneCell(page))).toBe(1);
    await survey(page)
      .getByText(/^Question 1 of about \d+$/)
      .waitFor();
  });

  it('at 1024×768 nothing overlaps, nothing scrolls sideways and the number stays on one line, on a call and idle', async () => {
    const { page, context } = t;
    await page.setViewportSize({ width: 1024, height: 768 });
    const setup = await createCallCampaign(context.request, 'Narrow Study');
    await signInAgentTo(page, agentId, setup.campaign);
    await search(page, LEADS.walk.typed);
    await questionHeading(page, 'Q1. Do you smoke?').waitFor();
    await survey(page).getByRole('radio', { name: '3 Maybe' }).check();
    await next(page).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    await survey(page).getByRole('button', { name: 'Partial Call' }).click();
    await parkWithCallback(page);
    await page.getByRole('status').filter({ hasText: 'Survey has been partially completed.' }).waitFor();

    // Idle: the partial call to resume, its callback and the call saved, each number on one line.
    const callbackCell = page
      .getByRole('table', { name: /^Callbacks/ })
      .getByRole('cell', { name: LEADS.walk.e164, exact: true });
    await callbackCell.waitFor();
    expect(await linesOf(callbackCell)).toBe(1);
    const toResume = page.getByRole('table', { name: 'Calls to resume (today)' });
    const listed = toResume.getByRole('cell', { name: LEADS.walk.e164, exact: true });
    await listed.waitFor();
    expect(await linesOf(listed)).toBe(1);
    expect(
      await linesOf(
        page
          .getByRole('table', { name: 'Your last calls saved' })
          .getByRole('cell', { name: LEADS.walk.e164, exact: true }),
      ),
    ).toBe(1);
    expect((await pageScroll(page)).sideways).toBe(false);

    // On the call again (resumed at Q2, with Back enabled).
    await toResume.getByRole('button', { name: `Resume ${LEADS.walk.e164}` }).click();
    await questionHeading(page, 'Q2. Why not?').waitFor();
    const parts = callParts(page);
    delete parts.options;
    const boxes = await boxesOf(parts);
    expect(overlaps(boxes)).toEqual([]);
    const viewport = { width: 1024, height: 768 };
    expect(
      Object.entries(boxes)
        .filter(([, box]) => !insideViewport(box, viewport))
        .map(([name]) => name),
    ).toEqual([]);
    expect(await linesOf(phoneCell(page))).toBe(1);
    expect((await pageScroll(page)).sideways).toBe(false);
  });
});
