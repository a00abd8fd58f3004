// Demo recordings: short WAV calls of the demo's called Spring Survey leads, named as VICIdial names them, written
// into RECORDINGS_DIR at demo time. Spoken by espeak-ng when it is installed, otherwise tones; two more calls show the
// automatic checks (demo/checked-calls.ts: a long hold, and a stereo call with overtalk). Running it again keeps the
// files already there.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeWav, encodeWav, fitTo, tone } from '../modules/voicelog/wav.ts';
import { DEMO_AGENTS } from './agents.ts';
import { checkedCallSeconds, renderCheckedCall, type TCheckedCallStyle } from './checked-calls.ts';
import { DEMO_LEAD_PLAN } from './leads.ts';
import { seededRandom } from './speech-like.ts';

/** One recording the demo writes (and the QC demo data scores and links). phoneNumber is E.164. */
export type TDemoRecording = {
  date: string;
  fileName: string;
  phoneNumber: string;
  agentId: string;
  durationSeconds: number;
};

/** How a call is made: a short call (espeak-ng or tones), or one of the calls made to show the automatic checks. */
type TCallStyle = 'short' | TCheckedCallStyle;

type Call = {
  d: number;
  i: number;
  at: string;
  agentId: string;
  seconds: number;
  dialled: 'local' | 'country';
  dropped: boolean;
  style: TCallStyle;
};

/**
 * The calls: Spring Survey leads `i` of data date `d` (demo/leads.ts), all generated and called at seed time, at
 * the hour leads.ts gives their call. The first number was called twice that day (a dropped call, then the
 * survey), so the QC panel shows a choice. The dialler wrote numbers both as 01… and as 8801….
 */
const CALLS: readonly Call[] = [
  { d: 0, i: 1, at: '105830', agentId: 'AG-1001', seconds: 5, dialled: 'local', dropped: true, style: 'short' },
  { d: 0, i: 1, at: '110100', agentId: 'AG-1001', seconds: 9, dialled: 'local', dropped: false, style: 'short' },
  { d: 0, i: 2, at: '120200', agentId: 'AG-1002', seconds: 10, dialled: 'country', dropped: false, style: 'short' },
  { d: 0, i: 3, at: '130300', agentId: 'AG-1003', seconds: 9, dialled: 'local', dropped: false, style: 'short' },
  { d: 1, i: 4, at: '140400', agentId: 'AG-1004', seconds: 11, dialled: 'local', dropped: false, style: 'short' },
  { d: 1, i: 5, at: '150500', agentId: 'AG-1001', seconds: 9, dialled: 'country', dropped: false, style: 'short' },
  { d: 1, i: 6, at: '160600', agentId: 'AG-1006', seconds: 12, dialled: 'local', dropped: false, style: 'short' },
  { d: 2, i: 8, at: '100800', agentId: 'AG-1002', seconds: 10, dialled: 'local', dropped: false, style: 'short' },
  { d: 2, i: 9, at: '110900', agentId: 'AG-1003', seconds: 9, dialled: 'country', dropped: false, style: 'short' },
  // The automatic checks: AG-1001 puts a customer on hold for 40 s; a customer talks over AG-1002 twice (stereo).
  {
    d: 0,
    i: 10,
    at: '121000',
    agentId: 'AG-1001',
    seconds: checkedCallSeconds('hold'),
    dialled: 'local',
    dropped: false,
    style: 'hold',
  },
  {
    d: 1,
    i: 12,
    at: '141200',
    agentId: 'AG-1002',
    seconds: checkedCallSeconds('overtalk'),
    dialled: 'country',
    dropped: false,
    style: 'overtalk',
  },
];

const CAMPAIGN = DEMO_LEAD_PLAN[0];

/** The cell number demo/leads.ts gives lead `i` of data date `d` of its first campaign (checked by the test). */
export function leadNumber(d: number, i: number): string {
  return `+8801${3 + (i % 7)}${String(10_000_000 + d * 200_000 + i * 97).slice(-8)}`;
}

/** The demo's recordings, without writing anything. */
export function demoRecordings(): TDemoRecording[] {
  return CALLS.map((c) => {
    const date = CAMPAIGN.dates[c.d]?.date ?? '';
    const phoneNumber = leadNumber(c.d, c.i);
    const dialled = c.dialled === 'local' ? phoneNumber.replace(/^\+880/, '0') : phoneNumber.replace(/^\+/, '');
    return {
      date,
      fileName: `${date.replaceAll('-', '')}-${c.at}_${dialled}_${c.agentId}-all.wav`,
      phoneNumber,
      agentId: c.agentId,
      durationSeconds: c.seconds,
    };
  });
}

/** The recordings made to show the automatic checks: the mono call with a long hold, the stereo call with overtalk. */
export function demoCheckedRecordings(): Record<TCheckedCallStyle, TDemoRecording> {
  const recordings = demoRecordings();
  const of = (style: TCheckedCallStyle) => recordings[CALLS.findIndex((c) => c.style === style)]!;
  return { hold: of('hold'), overtalk: of('overtalk') };
}

// ---- the audio

const TONE_RATE = 8000;

/** Two rings, then the agent's and the customer's turns as bursts of tones at their voices' pitch. */
function toneCall(call: Call, index: number, rate: number): Int16Array {
  const r = seededRandom(7919 * (index + 1));
  const ring = [tone(425, 1, rate, 0.2), tone(0, 0.5, rate, 0), tone(425, 1, rate, 0.2), tone(0, 0.4, rate, 0)];
  const turns: Int16Array[] = [];
  for (let turn = 0; turn < 8; turn += 1) {
    const pitch = turn % 2 === 0 ? 180 : 260; // agent, customer
    for (let syllable = 0; syllable < 3 + Math.floor(r() * 4); syllable += 1) {
      turns.push(tone(pitch + Math.floor(r() * 60), 0.12 + r() * 0.1, rate, 0.25), tone(0, 0.05, rate, 0));
    }
    turns.push(tone(0, 0.35, rate, 0));
    if (call.dropped && turn === 1) break; // the line drops after "Hello?"
  }
  return fitTo([...ring, ...turns], call.seconds, rate);
}

const execFileAsync = promisify(execFile);

/** Whether espeak-ng can be run here. */
export async function hasEspeak(): Promise<boolean> {
  return execFileAsync('espeak-ng', ['--version'], { timeout: 5000 }).then(
    () => true,
    () => false,
  );
}

async function speak(
  text: string,
  voice: string,
  dir: string,
): Promise<{ samples: Int16Array; sampleRate: number } | null> {
  const out = path.join(dir, `${Math.random().toString(36).slice(2)}.wav`);
  try {
    await execFileAsync('espeak-ng', ['-v', voice, '-s', '160', '-w', out, text], { timeout: 20_000 });
    return decodeWav(await fs.readFile(out));
  } catch {
    return null;
  } finally {
    await fs.rm(out, { force: true });
  }
}

/** The agent's greeting and the customer's answer, spoken; null when espeak-ng fails (tones are used instead). */
async function spokenCall(call: Call, dir: string): Promise<{ samples: Int16Array; sampleRate: number } | null> {
  const firstName = DEMO_AGENTS.find((a) => a.agentId === call.agentId)?.name.split(' ')[0] ?? 'your agent';
  // Sized to fit the call's length (about 5 s of greeting, 2 s of answer, at espeak-ng's 160 words a minute).
  const agent = call.dropped
    ? await speak('Hello? Hello, can you hear me?', 'en', dir)
    : await speak(
        `Hello, this is ${firstName} from the ${CAMPAIGN.campaignName} team. Do you have two minutes?`,
        'en',
        dir,
      );
  const customer = call.dropped ? null : await speak('Yes, go ahead please.', 'en+f3', dir);
  if (!agent || (!call.dropped && !customer)) return null;
  const { sampleRate } = agent;
  if (customer && customer.sampleRate !== sampleRate) return null;
  const ring = [tone(425, 1, sampleRate, 0.2), tone(0, 0.4, sampleRate, 0)];
  const gap = tone(0, 0.3, sampleRate, 0);
  return {
    samples: fitTo([...ring, agent.samples, gap, ...(customer ? [customer.samples] : [])], call.seconds, sampleRate),
    sampleRate,
  };
}

/**
 * Writes the demo recordings into RECORDINGS_DIR/{date}/, each complete or not at all (written aside, then
 * renamed); a file already there is kept as it is. `speech`: use espeak-ng for the short calls (default: when it is
 * installed; the checked calls are always made in code). Answers the recordings, how many files were written and
 * kept, and how many of those written are spoken by espeak-ng.
 */
export async function writeDemoRecordings(
  recordingsDir: string,
  options: { speech?: boolean } = {},
): Promise<{ recordings: TDemoRecording[]; written: number; kept: number; spoken: number }> {
  const speech = options.speech ?? (await hasEspeak());
  const recordings = demoRecordings();
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-voice-'));
  let written = 0;
  let spoken = 0;
  try {
    for (const [index, rec] of recordings.entries()) {
      const folder = path.join(recordingsDir, rec.date);
      const file = path.join(folder, rec.fileName);
      if (
        await fs.stat(file).then(
          () => true,
          () => false,
        )
      )
        continue;
      const call = CALLS[index]!;
      let wav: Buffer;
      if (call.style === 'short') {
        const voice = speech ? await spokenCall(call, scratch) : null;
        if (voice) spoken += 1;
        wav = encodeWav(voice ?? { samples: toneCall(call, index, TONE_RATE), sampleRate: TONE_RATE });
      } else {
        wav = renderCheckedCall(call.style);
      }
      await fs.mkdir(folder, { recursive: true });
      const tmp = path.join(folder, `.${rec.fileName}.tmp`);
      await fs.writeFile(tmp, wav);
      await fs.rename(tmp, file);
      written += 1;
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return { recordings, written, kept: recordings.length - written, spoken };
}

/** The line `npm run demo` prints: where the recordings are, and a call to look up on the QC panel. */
export function describeDemoRecordings(
  result: Awaited<ReturnType<typeof writeDemoRecordings>>,
  recordingsDir: string,
): string {
  const how =
    result.written === 0
      ? 'all already there'
      : `${result.written} written${result.spoken > 0 ? ', spoken by espeak-ng' : ' as tones (install espeak-ng for speech)'}`;
  const example = result.recordings[1];
  const tryIt = example
    ? `; on the QC panel try ${CAMPAIGN.campaignName}, ${example.phoneNumber.replace(/^\+880/, '0')}, ${example.date}`
    : '';
  const checked = demoCheckedRecordings();
  const local = (r: TDemoRecording) => `${r.phoneNumber.replace(/^\+880/, '0')} on ${r.date}`;
  const checks = `; automatic checks: a 40 s hold in the call of ${local(checked.hold)}, overtalk in the stereo call of ${local(checked.overtalk)}`;
  return `Recordings: ${result.recordings.length} demo calls in ${recordingsDir} (${how})${tryIt}${checks}`;
}
