// The inspector's loop in Chromium at 1366×768 (docs/guide/qc-queue.md): Score next opens a call warmed before the key,
// its recording playable without waiting for any request but the claim; scoring by keyboard and Submit and next.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Page, type Route } from 'playwright-core';
import { sql } from 'kysely';
import { createKysely } from '@crm/server/db/connect';
import type { Db } from '@crm/server/db/schema';
import { GENERATED_FOR_D } from '@crm/shared';
import { adminHeaders, okJson, signInAsAdmin } from './actions.ts';
import { useBrowser } from './browser.ts';
import { CAMPAIGN } from './fixtures.ts';
import { signInForTheDay, vicidialRecordingName, writeRecording } from './recordings.ts';
import { VIEWPORT } from './geometry.ts';

const t = useBrowser(VIEWPORT);

const CALL_DATE = '2022-02-08';
const AGENT_ID = 'AG-1001';
const INSPECTOR = { username: `e2e.loop.${Date.now()}`, name: 'Rahim Uddin', password: 'quick-brown-fox-42' };

let db: Db;
let api: APIRequestContext;
let numbers: string[] = [];

/** Times in the page (performance.now()): the last key pressed, and the first audio that could play and played after it. */
const WATCH_AUDIO = () => {
  const w = window as unknown as { loopTimes: { key: number; canplay: number; playing: number } };
  w.loopTimes = { key: 0, canplay: 0, playing: 0 };
  window.addEventListener(
    'keydown',
    () => {
      w.loopTimes = { key: performance.now(), canplay: 0, playing: 0 };
    },
    true,
  );
  for (const name of ['canplay', 'playing'] as const)
    document.addEventListener(
      name,
      (event) => {
        if (event.target instanceof HTMLAudioElement && w.loopTimes[name] === 0) w.loopTimes[name] = performance.now();
      },
      true,
    );
};

beforeAll(async () => {
  db = createKysely(inject('databaseUrl'), 2);
  const leads = await db
    .selectFrom('leads')
    .innerJoin('campaigns', 'campaigns.id', 'leads.campaignId')
    .select(['leads.cellNumber'])
    .where('campaigns.campaignName', '=', CAMPAIGN)
    .where('leads.forD', '=', GENERATED_FOR_D)
    .where('leads.isCalled', '=', 1)
    .where(sql<boolean>`leads.answers ? 'Q2'`)
    .orderBy('leads.id', 'desc')
    .offset(100)
    .limit(3)
    .execute();
  numbers = leads.map((l) => l.cellNumber.replace(/^\+880/, '0'));
  await signInForTheDay(db, AGENT_ID, CAMPAIGN, CALL_DATE);
  for (const [i, number] of numbers.entries())
    await writeRecording(
      CALL_DATE,
      vicidialRecordingName({ date: CALL_DATE, time: `09:1${i}:00`, number, agentId: AGENT_ID }),
      40,
    );
  api = await request.newContext({ baseURL: t.baseUrl });
  const headers = await adminHeaders(api);
  await okJson(api.post('/api/users', { headers, data: { ...INSPECTOR, role: 'QC' } }));
  // A search reads the day's folder into the recordings index (the scanner would, in its own time).
  await okJson(
    api.get('/api/voicelog/search', { headers, params: { directory: CALL_DATE, msisdn: numbers[0] ?? '' } }),
  );
}, 120_000);

afterAll(async () => {
  await api?.dispose();
  await db?.destroy();
});

async function openQueue(page: Page) {
  await page.goto(`/qcQueue?campaignName=${encodeURIComponent(CAMPAIGN)}&date=${CALL_DATE}`);
  await page.getByRole('heading', { name: 'QC Queue', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Calls to score' }).getByRole('row').nth(1).waitFor({ timeout: 15_000 });
}

describe('the inspector’s loop', () => {
  it('Score next: the call is warmed before the key, and its recording plays without waiting for any other request', async () => {
    const { page } = t;
    await page.addInitScript(WATCH_AUDIO);
    type TSeen = { at: number; method: string; path: string; range: string | undefined; done: number };
    const seen: TSeen[] = [];
    const entry = new Map<unknown, TSeen>();
    page.on('request', (r) => {
      const item: TSeen = {
        at: Date.now(),
        method: r.method(),
        path: r.url().replace(t.baseUrl, ''),
        range: r.headers()['range'],
        done: 0,
      };
      seen.push(item);
      entry.set(r, item);
    });
    page.on('requestfinished', (r) => {
      const item = entry.get(r);
      if (item !== undefined) item.done = Date.now();
    });
    await signInAsAdmin(page, INSPECTOR.username, INSPECTOR.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openQueue(page);

    // Warmed while the list is shown, before any key: a lead lookup and the recording, in the range the player asks
    // for first (from its start to its end: a whole entry in the browser's cache, components/qc-call/prefetch.ts).
    const warmedBefore = (tail: string, until = Infinity) => ({
      lead: seen.some(
        (r) => r.done > 0 && r.done <= until && r.path.startsWith('/api/ap/getByNumber') && r.path.includes(tail),
      ),
      recording: seen.some(
        (r) =>
          r.done > 0 &&
          r.done <= until &&
          r.path.startsWith('/api/voicelog/download-mp3') &&
          r.path.includes(tail) &&
          r.range === 'bytes=0-',
      ),
    });
    const warmed = () => warmedBefore('');
    await expect.poll(warmed, { timeout: 15_000 }).toEqual({ lead: true, recording: true });

    // From the key on, every API request but the claim is held unanswered until the audio can play: the recording
    // may wait for the claim alone (not the panel's search, the lead, the agents, the questions or a token).
    const held: Route[] = [];
    let holding = true;
    const mayPass = new Set(['/api/qcQueue/claim', '/api/voicelog/download-mp3']);
    await page.route(
      // Every data request (not the app's files): /api/, and the older paths (/cc/, /questions/).
      (url) => !/\.[a-z0-9]+$/i.test(url.pathname) && url.pathname !== '/' && !mayPass.has(url.pathname),
      async (route) => {
        if (holding) held.push(route);
        else await route.fallback();
      },
    );
    await page.getByRole('heading', { name: 'QC Queue', level: 1 }).click();
    const claimed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/qcQueue/claim');
    const pressed = Date.now();
    await page.keyboard.press('n');
    try {
      // A backstop only (4.8 s was seen with the claim alone taking 1.1 s on a busy machine): the 500 ms target is
      // measured by `npm run bench` ("Score next → playable audio").
      await page.waitForFunction(
        () => (window as unknown as { loopTimes: { canplay: number } }).loopTimes.canplay > 0,
        undefined,
        { timeout: 10_000 },
      );
    } finally {
      holding = false;
      const heldPaths = held.map((r) => new URL(r.request().url()).pathname);
      await Promise.all(held.map((r) => r.fallback().catch(() => undefined)));
      console.log(
        `Score next → playable, held until then: ${heldPaths.join(', ') || 'nothing'}\n` +
          seen
            .filter((r) => r.at >= pressed)
            .map((r) => `${r.at - pressed} > ${r.method} ${r.path}${r.done > 0 ? ` < ${r.done - pressed}` : ''}`)
            .join('\n'),
      );
    }
    const times = await page.evaluate(() => (window as unknown as { loopTimes: Record<string, number> }).loopTimes);
    console.log(`Score next → playable audio: ${Math.round(times.canplay! - times.key!)} ms (key press to canplay)`);
    // The call claimed is the one warmed before the key, and its recording is the one playing.
    const claim = (await (await claimed).json()) as { phoneNumber: string; fileName: string };
    const tail = claim.phoneNumber.slice(-10);
    expect(warmedBefore(tail, pressed)).toEqual({ lead: true, recording: true });
    const src = await page.locator('audio').first().getAttribute('src');
    expect(decodeURIComponent(src ?? '')).toContain(claim.fileName);
    expect(
      await page
        .locator('audio')
        .first()
        .evaluate((a: HTMLAudioElement) => a.readyState),
    ).toBeGreaterThanOrEqual(3);
  });

  it('scores by keyboard and Submit and next opens the next call with the same filters, the recording linked', async () => {
    const { page } = t;
    await signInAsAdmin(page, INSPECTOR.username, INSPECTOR.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openQueue(page);
    await page.getByRole('heading', { name: 'QC Queue', level: 1 }).click();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
    const number = page.getByLabel('Consumer number');
    await expect.poll(() => number.inputValue()).not.toBe('');
    const first = await number.inputValue();
    // The keyboard starts on the first criterion.
    const focusedCriterion = () =>
      page.evaluate(() => document.activeElement?.closest('[data-criterion]')?.getAttribute('data-criterion') ?? null);
    await expect.poll(focusedCriterion).not.toBeNull();
    const firstCriterion = await focusedCriterion();
    // The recording's length is known: it is linked on Submit without a click on the tick.
    await page.getByText(/is linked to both records/).waitFor();

    // Score by keyboard: the first criterion one mark down, the next row, then F6 to the suggestion.
    await page.keyboard.press('2');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedCriterion).not.toBe(firstCriterion);
    await page.keyboard.press('F6'); // the suggestion
    await page.keyboard.type('Greet the customer by name');
    const section = () => page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label'));
    await page.keyboard.press('F6'); // the player
    expect(await section()).toBe('Player');
    await page.keyboard.press('F6'); // the scorecard
    await expect.poll(focusedCriterion).toBe(firstCriterion);
    await page.keyboard.press('Control+Enter');

    const banner = page.getByRole('status', { name: 'Submit and next' });
    await banner.getByText(/Next: /).waitFor();
    expect(await banner.innerText()).toMatch(
      new RegExp(`Saved QC of \\${first} \\(total \\d+, [^)]+\\)\\. Next: \\+880\\d+ by Karim Hossain`),
    );
    // The next call is open, with the same filters, and the keyboard is back on the first criterion.
    await expect.poll(() => number.inputValue()).not.toBe(first);
    const address = new URL(page.url());
    expect(address.searchParams.get('queueCampaign')).toBe(CAMPAIGN);
    expect(address.searchParams.get('queueDate')).toBe(CALL_DATE);
    await expect.poll(focusedCriterion).toBe(firstCriterion);

    // Both records saved, the suggestion typed once in both, the recording linked to both (which ended the claim).
    const saved = await db
      .selectFrom('qcRecords')
      .select(['id', 'kind', 'suggestion'])
      .where('consumerNumber', '=', first)
      .where('callDate', '=', CALL_DATE)
      .orderBy('kind')
      .execute();
    expect(saved.map((r) => [r.kind, r.suggestion])).toEqual([
      ['client', 'Greet the customer by name'],
      ['in-house', 'Greet the customer by name'],
    ]);
    const linked = await db
      .selectFrom('qcRecordFiles')
      .select('fileName')
      .where(
        'qcRecordId',
        'in',
        saved.map((r) => r.id),
      )
      .execute();
    expect(linked.map((l) => l.fileName)).toEqual([
      expect.stringContaining(first.replace('+880', '0')),
      expect.stringContaining(first.replace('+880', '0')),
    ]);
  });
});
