// The demo QC queue's calls (demo/qc-queue.ts): which calls a week of Spring Survey work holds for a given today, and
// their audio written into RECORDINGS_DIR. Six template calls (8 kHz mono WAV, speech-like turns made in code, two
// with a hold over HOLD_SECONDS) are written once; every queue call is a hard link to one of them, so the week costs
// the templates' few MB on disk. The index rows are the seed's, the analysis is the product's own (docs/guide/qc-queue.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import { addDays } from '@crm/shared';
import { encodeWav } from '../modules/voicelog/wav.ts';
import { leadNumber } from './recordings.ts';
import { AGENT_VOICE, CUSTOMER_VOICE, renderTurns, seededRandom, type TTurn } from './speech-like.ts';

export const QUEUE_CALL_RATE = 8000;
/** The days of the demo week: today and the six before. */
export const QUEUE_DAYS = 7;
/** Where the templates live: a hidden folder of RECORDINGS_DIR (not a date folder, so the scanner passes it by). */
export const QUEUE_TEMPLATE_FOLDER = '.demo-queue-calls';

/** A template call: its length, and the hold (seconds of silence after the first third) when it has one. */
type TTemplate = { seconds: number; holdSec: number; dropped: boolean };

/** The first is a dropped call, shorter than the demo minimum of 20 s: the queue leaves it out. */
const TEMPLATES: readonly TTemplate[] = [
  { seconds: 8, holdSec: 0, dropped: true },
  { seconds: 36, holdSec: 0, dropped: false },
  { seconds: 52, holdSec: 0, dropped: false },
  { seconds: 71, holdSec: 34, dropped: false },
  { seconds: 93, holdSec: 0, dropped: false },
  { seconds: 117, holdSec: 42, dropped: false },
];

/** One queue call of the demo week. phoneNumber is E.164; the file is {date}/{fileName} under RECORDINGS_DIR. */
export type TDemoQueueCall = {
  date: string;
  time: string;
  agentId: string;
  phoneNumber: string;
  fileName: string;
  durationSec: number;
  sizeBytes: number;
  /** Index of its template call. */
  template: number;
};

/** The size of a mono 16-bit WAV of `seconds` at QUEUE_CALL_RATE: the 44-byte header and the samples. */
const wavBytes = (seconds: number) => 44 + Math.round(seconds * QUEUE_CALL_RATE) * 2;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The demo week's calls for `today` (yyyy-MM-dd), oldest day first: each of `agentIds` makes 3 to 6 calls a day,
 * from 9:00 on, to numbers of the demo's Spring Survey leads. Pure: the seed's index rows and the written files are
 * both made from it, so they name the same calls.
 */
export function demoQueueCalls(today: string, agentIds: readonly string[]): TDemoQueueCall[] {
  const next = seededRandom(20_261_126);
  const calls: TDemoQueueCall[] = [];
  let n = 0;
  for (let back = QUEUE_DAYS - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    for (const agentId of agentIds) {
      const count = 3 + Math.floor(next() * 4);
      for (let i = 0; i < count; i += 1) {
        const phoneNumber = leadNumber(n % 3, 1 + ((n * 7) % 300));
        n += 1;
        const time = `${two(9 + i * 2 + Math.floor(next() * 2))}:${two(Math.floor(next() * 60))}:${two(Math.floor(next() * 60))}`;
        // Now and then a dropped call; otherwise one of the full calls.
        const template = next() < 0.15 ? 0 : 1 + Math.floor(next() * (TEMPLATES.length - 1));
        const seconds = TEMPLATES[template]?.seconds ?? 0;
        const local = phoneNumber.replace(/^\+880/, '0');
        calls.push({
          date,
          time,
          agentId,
          phoneNumber,
          fileName: `${date.replaceAll('-', '')}-${time.replaceAll(':', '')}_${local}_${agentId}-all.wav`,
          durationSec: seconds,
          sizeBytes: wavBytes(seconds),
          template,
        });
      }
    }
  }
  return calls;
}

/**
 * A template's turns, one channel: the agent and the customer take turns of 1.5 to 6 s (the agent's longer) with
 * pauses of 0.4 to 1.2 s; a hold template has the agent say "please hold" after about a third of the call, then
 * `holdSec` of silence. The last turn ends before the call does.
 */
function templateTurns(t: TTemplate, seed: number): TTurn[] {
  const r = seededRandom(seed);
  const turns: TTurn[] = [];
  const end = t.seconds - 0.5;
  let at = 0.4;
  let agent = true;
  let held = t.holdSec === 0;
  while (at < end - 1) {
    const length = Math.min(end - at, (agent ? 2.5 : 1.5) + r() * (agent ? 3.5 : 2.5));
    turns.push({ startSec: at, endSec: at + length, voice: agent ? AGENT_VOICE : CUSTOMER_VOICE });
    at += length;
    if (t.dropped && turns.length === 2) break; // "Hello? ... Hello?", and the line drops
    if (!held && agent && at > t.seconds / 3) {
      at += t.holdSec;
      held = true;
      continue; // the agent comes back on after the hold
    }
    at += 0.4 + r() * 0.8;
    agent = !agent;
  }
  return turns;
}

/** The template call `index` as a WAV file. */
export function renderQueueTemplate(index: number): Buffer {
  const t = TEMPLATES[index];
  if (!t) throw new Error(`no demo queue template ${index}`);
  return encodeWav({
    samples: renderTurns(templateTurns(t, 401 + index), t.seconds, QUEUE_CALL_RATE, 401 + index),
    sampleRate: QUEUE_CALL_RATE,
  });
}

/** The templates with a hold: their index and the hold's length (seconds). */
export function queueTemplateHolds(): { template: number; holdSec: number }[] {
  return TEMPLATES.flatMap((t, template) => (t.holdSec > 0 ? [{ template, holdSec: t.holdSec }] : []));
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** Writes `data` complete or not at all: aside, then renamed. */
async function writeWhole(file: string, data: Buffer): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

export type TQueueCallsWritten = {
  calls: TDemoQueueCall[];
  /** Files made now: linked to their template, or copied where the file system has no hard links. */
  linked: number;
  copied: number;
  /** Already there and kept as they are. */
  kept: number;
  /** What the templates and any copies take on disk (a hard link takes nothing more). */
  bytesOnDisk: number;
};

/**
 * Writes the calls' files into RECORDINGS_DIR/{date}/: the templates first (once, kept when there), then each missing
 * call as a hard link to its template (a copy where linking fails). A file already there is kept as it is.
 */
export async function writeDemoQueueCalls(
  recordingsDir: string,
  calls: readonly TDemoQueueCall[],
): Promise<TQueueCallsWritten> {
  const templateDir = path.join(recordingsDir, QUEUE_TEMPLATE_FOLDER);
  const templateFile = (index: number) => path.join(templateDir, `call-${TEMPLATES[index]?.seconds ?? 0}s.wav`);
  if (calls.length > 0) await fs.mkdir(templateDir, { recursive: true });
  let bytesOnDisk = 0;
  for (const index of new Set(calls.map((c) => c.template))) {
    const file = templateFile(index);
    if (!(await exists(file))) await writeWhole(file, renderQueueTemplate(index));
    bytesOnDisk += (await fs.stat(file)).size;
  }
  const result: TQueueCallsWritten = { calls: [...calls], linked: 0, copied: 0, kept: 0, bytesOnDisk };
  for (const call of calls) {
    const folder = path.join(recordingsDir, call.date);
    const file = path.join(folder, call.fileName);
    if (await exists(file)) {
      result.kept += 1;
      continue;
    }
    await fs.mkdir(folder, { recursive: true });
    try {
      await fs.link(templateFile(call.template), file);
      result.linked += 1;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw e;
      await writeWhole(file, await fs.readFile(templateFile(call.template)));
      result.copied += 1;
      result.bytesOnDisk += call.sizeBytes;
    }
  }
  return result;
}

/** The line `npm run demo` prints about them. */
export function describeDemoQueueCalls(result: TQueueCallsWritten, recordingsDir: string): string {
  if (result.calls.length === 0) return 'QC queue: no demo calls (Spring Survey or its agents are missing)';
  const inQueue = result.calls.filter((c) => c.template !== 0).length;
  const made =
    result.linked + result.copied === 0
      ? 'all already there'
      : `${result.linked} linked${result.copied > 0 ? `, ${result.copied} copied` : ''}`;
  const mb = (result.bytesOnDisk / 1_000_000).toFixed(1);
  const days = new Set(result.calls.map((c) => c.date));
  const first = [...days].sort()[0] ?? '';
  return (
    `QC queue: ${result.calls.length} Spring Survey calls of ${days.size} days from ${first} in ${recordingsDir} (${made}; ${mb} MB on disk), ` +
    `${inQueue} long enough to score; their automatic checks run when the server starts (/qcQueue shows them as they finish)`
  );
}
