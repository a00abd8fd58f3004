// The demo's QC queue: settings for the demo campaigns, a week of Spring Survey calls in the queue left to the
// automatic checks, progress against the targets, no duplicates when the demo runs again; and every queue call a
// real, playable file (a hard link to a template) that the scanner keeps and queues for the product's analysis.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addDays,
  localDayText,
  type TQcQueuePage,
  type TQcQueueProgress,
  type TQcQueueSettings,
  type TVoiceLogPage,
} from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { probeAudio } from '../modules/voicelog/durations.ts';
import { analyseRecording } from '../modules/voicelog/analysis/analyse-file.ts';
import { scanAll } from '../modules/voicelog/catalog/scan.ts';
import { findDemoQueueCalls, seedQcQueueDemo } from './qc-queue.ts';
import {
  demoQueueCalls,
  QUEUE_TEMPLATE_FOLDER,
  queueTemplateHolds,
  renderQueueTemplate,
  writeDemoQueueCalls,
} from './queue-calls.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const recordingsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-queue-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));
const ZONE = 'Asia/Dhaka';

/** The index rows of the demo week: Spring Survey's calls of the last seven days. */
async function queueRows() {
  const today = localDayText(new Date(), ZONE);
  return t.db
    .selectFrom('recordings')
    .innerJoin('campaigns', 'campaigns.id', 'recordings.campaignId')
    .select([
      'recordings.id',
      'callDate',
      'fileName',
      'sizeBytes',
      'modifiedAt',
      'durationSec',
      'analysisStatus',
      'goneAt',
      'agentUserId',
    ])
    .where('campaigns.campaignName', '=', 'Spring Survey')
    .where('callDate', '>=', addDays(today, -6))
    .orderBy('recordings.id')
    .execute();
}

describe('demo QC queue', () => {
  it('queues a week of Spring Survey calls against the demo targets, left to the automatic checks, once however often it runs', async () => {
    await seedDemo(t.db, [], ZONE);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('recordings')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await count();
    await seedQcQueueDemo(t.db, ZONE);
    expect(await count()).toBe(first);

    const qc = await t.callerFor('qc');
    const settings = (await qc.get('/api/qcQueue/settings')).json<TQcQueueSettings[]>();
    expect(settings.find((s) => s.campaignName === 'Spring Survey')).toMatchObject({
      targetPerAgentDay: 3,
      minDurationSec: 20,
      isDefault: false,
    });

    const page = (await qc.get('/api/qcQueue/pagination/0/100?campaignName=Spring%20Survey')).json<TQcQueuePage>();
    expect(page.recordCount).toBeGreaterThan(20);
    // No made-up analysis: every call waits for the product's own checks.
    expect(page.response.content.every((c) => c.checks.status === 'pending' && (c.durationSec ?? 0) >= 20)).toBe(true);
    const today = localDayText(new Date(), ZONE);
    expect(page.response.content[0]?.callDate).toBe(addDays(today, -6));

    const progress = (await qc.get('/api/qcQueue/progress?campaignName=Spring%20Survey')).json<TQcQueueProgress>();
    expect(progress.agentDays.length).toBeGreaterThan(0);
    // AG-1001's open coaching session (demo/qc-loop.ts) doubles their target while it is open.
    expect(progress.agentDays.every((d) => d.target === (d.agentId === 'AG-1001' ? 6 : 3))).toBe(true);
  });

  it('gives every queue row a real file of its size and length, linked to a few templates, which the scanner keeps and queues for analysis', async () => {
    await seedDemo(t.db, [], ZONE);
    const calls = await findDemoQueueCalls(t.db);
    const rows = await queueRows();
    expect(calls.map((c) => `${c.date}/${c.fileName}`).sort()).toEqual(
      rows.map((r) => `${r.callDate}/${r.fileName}`).sort(),
    );
    expect(rows.length).toBeGreaterThan(60);

    const written = await writeDemoQueueCalls(recordingsDir, calls);
    expect(written).toMatchObject({ linked: calls.length, copied: 0, kept: 0 });
    const templates = await fs.readdir(path.join(recordingsDir, QUEUE_TEMPLATE_FOLDER));
    expect(templates.length).toBeLessThanOrEqual(6);
    // The week costs only its templates on disk.
    expect(written.bytesOnDisk).toBeLessThan(8_000_000);
    for (const r of rows) {
      const file = path.join(recordingsDir, r.callDate, r.fileName);
      const stat = await fs.stat(file);
      expect(stat.size, r.fileName).toBe(r.sizeBytes);
      expect(stat.nlink, r.fileName).toBeGreaterThan(1);
      expect((await probeAudio(file)).duration, r.fileName).toBe(r.durationSec);
    }
    const again = await writeDemoQueueCalls(recordingsDir, calls);
    expect(again).toMatchObject({ linked: 0, copied: 0, kept: calls.length });

    // The server's start-up scan: it keeps every row (none gone, still attributed) and queues each for analysis.
    const queued: number[] = [];
    const counts = await scanAll({
      db: t.db,
      recordingsDir,
      country: t.config.phoneCountry,
      enqueue: async (ids) => void queued.push(...ids),
      timeZone: ZONE,
    });
    expect(counts.gone).toBe(0);
    const scanned = await queueRows();
    expect(scanned.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(queued.sort((a, b) => a - b)).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    for (const r of scanned) {
      expect([r.goneAt, r.analysisStatus, r.modifiedAt === null, r.agentUserId === null], r.fileName).toEqual([
        null,
        'pending',
        false,
        false,
      ]);
      expect(r.sizeBytes).toBe(rows.find((x) => x.id === r.id)?.sizeBytes);
    }
    // A second scan finds nothing changed: the rows now match their files.
    const before = queued.length;
    expect(
      await scanAll({
        db: t.db,
        recordingsDir,
        country: t.config.phoneCountry,
        enqueue: async (ids) => void queued.push(...ids),
        timeZone: ZONE,
      }),
    ).toEqual({ indexed: 0, gone: 0 });
    expect(queued.length).toBe(before);

    // The QC panel's search of the day finds the call (nothing marked gone), and its player gets the audio.
    const qc = await t.callerFor('qc');
    const one = rows.find((r) => (r.durationSec ?? 0) >= 20)!;
    const number = calls.find((c) => c.fileName === one.fileName)!.phoneNumber.replace(/^\+880/, '0');
    const found = (
      await qc.get(`/api/voicelog/search?directory=${one.callDate}&msisdn=${number}`)
    ).json<TVoiceLogPage>();
    expect(found.content.find((f) => f.fileName === one.fileName)).toMatchObject({ duration: one.durationSec });
    expect((await queueRows()).filter((r) => r.goneAt !== null)).toEqual([]);
    const audio = await qc.get(
      `/api/voicelog/download-mp3?${new URLSearchParams({ fileName: `${one.callDate}/${one.fileName}` }).toString()}`,
    );
    expect(audio.status).toBe(200);
    expect(String(audio.headers['content-type'])).toMatch(/^audio\//);
    expect(Number(audio.headers['content-length'])).toBe(one.sizeBytes);
  });

  it('makes the same calls for the same day, and templates the analysis hears as speech, two with a hold over 30 s', async () => {
    const agents = ['AG-1001', 'AG-1002'];
    expect(demoQueueCalls('2026-11-26', agents)).toEqual(demoQueueCalls('2026-11-26', agents));
    const calls = demoQueueCalls('2026-11-26', agents);
    expect(new Set(calls.map((c) => c.date)).size).toBe(7);
    expect(
      calls.every(
        (c) => c.fileName.startsWith(c.date.replaceAll('-', '')) && c.fileName.endsWith(`_${c.agentId}-all.wav`),
      ),
    ).toBe(true);

    const holds = new Map(queueTemplateHolds().map((h) => [h.template, h.holdSec]));
    expect(holds.size).toBe(2);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-templates-'));
    try {
      for (let template = 0; template < 6; template += 1) {
        const wav = renderQueueTemplate(template);
        const file = path.join(dir, `${template}.wav`);
        await fs.writeFile(file, wav);
        const a = await analyseRecording(file);
        const call = calls.find((c) => c.template === template);
        if (call) expect(wav.length).toBe(call.sizeBytes);
        expect(a.durationSec, `template ${template}`).toBe(Math.round(a.durationSec));
        expect(a.tooQuiet, `template ${template}`).toBe(false);
        expect(a.channels[0]!.speechSec / a.durationSec, `template ${template}`).toBeGreaterThan(
          holds.has(template) ? 0.3 : 0.5,
        );
        const hold = holds.get(template);
        if (hold === undefined) {
          expect(a.deadAir.holds, `template ${template}`).toEqual([]);
        } else {
          expect(a.deadAir.holds, `template ${template}`).toHaveLength(1);
          const found = a.deadAir.holds[0]!;
          expect(found.endSec - found.startSec, `template ${template}`).toBeGreaterThan(hold - 1.5);
        }
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
