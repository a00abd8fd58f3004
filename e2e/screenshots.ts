// npm run screenshots: PNGs of the main screens at 1366×768 for the README (docs/screenshots/), taken in Chromium from
// the real product on the demo data (a throw-away database: TEST_DATABASE_URL / DATABASE_URL, or an embedded one).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { addDays, localDayText, machineTimeZone } from '@crm/shared';
import { createKysely } from '@crm/server/db/connect';
import { findNumbersToTry } from '@crm/server/demo/crm';
import { DEMO_CAMPAIGNS } from '@crm/server/demo/base';
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS } from '@crm/server/demo/agents';
import { DEMO_CALIBRATION_NAME } from '@crm/server/demo/calibration';
import { findDemoQueueCalls } from '@crm/server/demo/qc-queue';
import { writeDemoQueueCalls } from '@crm/server/demo/queue-calls';
import { writeDemoRecordings } from '@crm/server/demo/recordings';
import { createSeededDatabase } from '@crm/server/test/seeded-database';
import { startServer } from '@crm/server/process';
import { signInAsAdmin, signInAsAgent } from './actions.ts';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const VIEWPORT = { width: 1366, height: 768 };
const ADMIN_PASSWORD = 'screenshots-chief-pass';
const QC = { username: 'qc.rahman', password: 'demo-qc-pass' };
const CAMPAIGN = DEMO_CAMPAIGNS[0].campaignName;

async function shot(page: Page, name: string): Promise<void> {
  // Animations and the clock's tick settle before the picture.
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

async function dashboard(page: Page): Promise<void> {
  await signInAsAdmin(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  // The simulated dialer's first figures.
  await page.waitForTimeout(4000);
  await shot(page, 'dashboard');
}

async function qcPanel(page: Page, call: { phoneNumber: string; date: string; fileName: string }): Promise<void> {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
  await page.getByLabel('Campaign').selectOption(CAMPAIGN);
  await page.getByLabel('Consumer number').fill(call.phoneNumber.replace(/^\+880/, '0'));
  await page.getByRole('textbox', { name: 'Call date' }).fill(call.date);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Play ${call.fileName}` }).click();
  await page.waitForTimeout(1500);
  await shot(page, 'qc-panel');
}

async function crm(page: Page, number: string): Promise<void> {
  const agent = DEMO_AGENTS[0]!;
  await signInAsAgent(page, { agentId: agent.agentId, password: DEMO_AGENT_PASSWORD, campaign: CAMPAIGN });
  await page.waitForURL('**/CRM**');
  // The demo agent has a call of today kept as a draft: /CRM resumes it. Without one, call a fresh lead.
  const survey = page.getByRole('region', { name: 'Survey' });
  const resumed = await survey.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (!resumed) {
    await page
      .getByRole('textbox', { name: /number/i })
      .first()
      .fill(number);
    await page.keyboard.press('Enter');
    await survey.waitFor();
  }
  await shot(page, 'crm');
}

async function qcQueue(page: Page): Promise<void> {
  await signInAsAdmin(page, QC.username, QC.password);
  await page.waitForURL('**/qcChecking');
  const queue = `/qcQueue?campaignName=${encodeURIComponent(CAMPAIGN)}`;
  await page.goto(queue);
  await page.getByRole('heading', { name: 'QC Queue', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'Calls to score' });
  // The server's start-up scan reads the demo week's files and analyses them in its own time: wait for the chips.
  const deadline = Date.now() + 90_000;
  while ((await table.getByRole('list', { name: /^Automatic checks/ }).count()) < 5) {
    if (Date.now() > deadline) throw new Error('the queue shows no automatic checks after 90 s');
    await page.waitForTimeout(3000);
    await page.reload();
    await table.locator('tbody tr').first().waitFor();
  }
  // Score next once: a claim of the inspector's own, shown when back on the queue.
  await page.getByRole('button', { name: /Score next/ }).click();
  await page.waitForURL((url) => url.pathname === '/qcChecking');
  await page.getByRole('heading', { name: 'QC Panel', level: 1 }).waitFor();
  await page.goto(queue);
  await table
    .getByText(/^You · /)
    .first()
    .waitFor();
  await shot(page, 'qc-queue');
}

async function calibration(page: Page, sessionId: number): Promise<void> {
  await signInAsAdmin(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto(`/calibration/${sessionId}`);
  await page.getByRole('heading', { name: DEMO_CALIBRATION_NAME }).waitFor();
  await page.getByRole('table', { name: 'Marks side by side' }).waitFor();
  await shot(page, 'calibration');
}

async function qcInsights(page: Page): Promise<void> {
  await signInAsAdmin(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/qcInsights');
  await page.getByRole('heading', { name: 'QC Insights', level: 1 }).waitFor();
  // The demo's QC records: the 30 days before today (demo/qc.ts).
  const today = localDayText(new Date(), machineTimeZone());
  await page.getByLabel('Start', { exact: true }).fill(addDays(today, -30));
  await page.getByLabel('End', { exact: true }).fill(today);
  await page
    .getByRole('tabpanel', { name: /^Agents/ })
    .locator('.recharts-line-curve')
    .first()
    .waitFor();
  // No field left focused in the picture.
  await page.getByRole('heading', { name: 'QC Insights', level: 1 }).click();
  await shot(page, 'qc-insights');
}

async function flagRaised(page: Page): Promise<void> {
  await signInAsAdmin(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/flag-raised');
  await page
    .getByRole('row', { name: /^Dispute of / })
    .first()
    .waitFor();
  await shot(page, 'flag-raised');
}

/** /generateLead on the demo's unsent date (demo/dialer-sends.ts), a send to the simulated dialer under way. */
async function sendToDialer(page: Page): Promise<void> {
  await signInAsAdmin(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/generateLead');
  await page.getByRole('main').getByLabel('Campaign', { exact: true }).selectOption(CAMPAIGN);
  await page.getByLabel('Data date', { exact: true }).selectOption('2026-11-19');
  const card = page.getByRole('region', { name: 'Send to dialer' });
  await card.getByRole('button', { name: 'Send to dialer' }).click();
  const bar = card.getByRole('progressbar', { name: 'Send progress' });
  await page.waitForFunction((el) => Number(el?.getAttribute('aria-valuenow')) >= 10, await bar.elementHandle());
  await shot(page, 'send-to-dialer');
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-screenshots-'));
await fs.mkdir(OUT, { recursive: true });
const recordingsDir = path.join(work, 'recordings');
const voice = await writeDemoRecordings(recordingsDir, { speech: false });
const database = await createSeededDatabase(`crm_screenshots_${process.pid}`, ADMIN_PASSWORD, work, voice.recordings);
// The QC queue's week of calls, indexed by the seed: their audio, for the server's start-up scan to read and analyse
// (as npm run demo does), and the demo's closed calibration session.
const seeded = createKysely(database.url, 1);
const calibrationId = await (async () => {
  await writeDemoQueueCalls(recordingsDir, await findDemoQueueCalls(seeded));
  const session = await seeded
    .selectFrom('calibrationSessions')
    .select('id')
    .where('name', '=', DEMO_CALIBRATION_NAME)
    .executeTakeFirstOrThrow();
  return session.id;
})().finally(() => seeded.destroy());
const server = await startServer({
  DATABASE_URL: database.url,
  DATA_DIR: path.join(work, 'data'),
  RECORDINGS_DIR: recordingsDir,
  DIALER: 'simulated',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const open = async (take: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT, deviceScaleFactor: 1 });
    try {
      await take(await context.newPage());
    } finally {
      await context.close();
    }
  };
  const call = voice.recordings[1] ?? voice.recordings[0];
  if (call === undefined) throw new Error('the demo wrote no recordings');
  await open(dashboard);
  await open((page) => qcPanel(page, call));
  // A lead of the demo's campaign that has not been called yet.
  const db = createKysely(database.url, 1);
  const numbers = await findNumbersToTry(db, CAMPAIGN).finally(() => db.destroy());
  const fresh = numbers.fresh[0];
  if (fresh === undefined) throw new Error('the demo has no fresh lead to call');
  await open((page) => crm(page, fresh));
  await open(qcQueue);
  await open((page) => calibration(page, calibrationId));
  await open(qcInsights);
  await open(flagRaised);
  await open(sendToDialer);
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
  await fs.rm(work, { recursive: true, force: true });
}
