// Uploading recordings in Chromium: the admin sends two WAV files into a date folder from the QC panel, sees them
// listed with their lengths, finds them on the server's disk and through the voice-log search, and is refused (409,
// with the server's words) when sending one of them again; a QC inspector's QC panel has no upload card.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { VOICE_LOG_MESSAGES, type TVoiceLogPage } from '@crm/shared';
import { adminHeaders, signInAsAdmin, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { QC } from './fixtures.ts';
import { pcmWav, vicidialRecordingName } from './recordings.ts';

const t = useBrowser();

// A call date of this file's own: no other test writes recordings into this folder.
const DATE = '2019-06-03';
const NUMBER = '01719060301';
const SHORT = {
  name: vicidialRecordingName({ date: DATE, time: '09:05:00', number: NUMBER, agentId: 'AG-1001' }),
  seconds: 3,
  clock: '0:03',
};
const LONG = {
  name: vicidialRecordingName({ date: DATE, time: '09:40:00', number: NUMBER, agentId: 'AG-1002' }),
  seconds: 65,
  clock: '1:05',
};

let localDir = '';
const local = (name: string) => path.join(localDir, name);

beforeAll(async () => {
  // The files the admin picks, on "their" computer: a folder of this test, not the server's.
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recordings-upload-'));
  for (const r of [SHORT, LONG]) await fs.writeFile(local(r.name), pcmWav(r.seconds));
});
afterAll(async () => {
  if (localDir !== '') await fs.rm(localDir, { recursive: true, force: true });
});

/** The upload card of the QC panel. */
function uploadCard(page: Page): Locator {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Upload recordings', exact: true }) });
}

async function upload(card: Locator, date: string, files: string[]) {
  await card.getByLabel('Date folder').fill(date);
  await card.locator('input[type="file"]').setInputFiles(files);
  await card.getByRole('button', { name: 'Upload recordings', exact: true }).click();
}

describe('uploading recordings', () => {
  it('stores two WAV files in the date folder, lists their lengths, and refuses the same name again', async () => {
    const { page } = t;
    await signInAsAdminAndWait(page);
    await page.goto('/qcChecking');
    const card = uploadCard(page);
    await card.waitFor();

    await upload(card, DATE, [local(SHORT.name), local(LONG.name)]);
    const success = card.getByRole('status').filter({ hasText: `Uploaded 2 recordings to ${DATE}` });
    await success.waitFor();
    const items = await success.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(new RegExp(`^${SHORT.name.replaceAll('.', '\\.')} — ${SHORT.clock} \\(`));
    expect(items[1]).toMatch(new RegExp(`^${LONG.name.replaceAll('.', '\\.')} — ${LONG.clock} \\(`));
    // the chosen files are cleared for the next batch
    expect(await card.getByRole('button', { name: /Recording files/ }).textContent()).toBe('Choose recordings');

    // on the server's disk, byte for byte, in the date folder
    const folder = path.join(inject('recordingsDir'), DATE);
    for (const r of [SHORT, LONG])
      expect((await fs.readFile(path.join(folder, r.name))).equals(pcmWav(r.seconds))).toBe(true);
    // and found by the QC panel's search of that date and number
    const found = await page.request.get(`/api/voicelog/search?directory=${DATE}&msisdn=${NUMBER}`, {
      headers: await adminHeaders(page.request),
    });
    expect(found.status()).toBe(200);
    const pageOfFiles = (await found.json()) as TVoiceLogPage;
    expect(pageOfFiles.content.map((f) => [f.fileName, f.duration]).sort()).toEqual(
      [
        [SHORT.name, SHORT.seconds],
        [LONG.name, LONG.seconds],
      ].sort(),
    );

    // the same name again: refused with the server's message, the stored file untouched
    await fs.writeFile(local(SHORT.name), pcmWav(SHORT.seconds + 1));
    await upload(card, DATE, [local(SHORT.name)]);
    const refused = card.getByRole('alert');
    await refused.getByText(VOICE_LOG_MESSAGES.exists([SHORT.name]), { exact: true }).waitFor();
    expect(await refused.getByText('The recordings were not uploaded').count()).toBe(1);
    expect(await success.count()).toBe(0);
    expect((await fs.readFile(path.join(folder, SHORT.name))).equals(pcmWav(SHORT.seconds))).toBe(true);
  });

  it('is not shown to a QC inspector', async () => {
    const { page } = t;
    await signInAsAdmin(page, QC.username, QC.password);
    await page.waitForURL('**/qcChecking');
    await page.getByRole('heading', { name: 'QC by Number' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Upload recordings' }).count()).toBe(0);
    expect(await page.locator('input[type="file"]').count()).toBe(0);
  });
});
