// The automatic checks of a recorded call (issue 19): the analysis's speed as a multiple of real time on one core and
// its peak RSS per job, on one-hour recordings made here (a 44.1 kHz stereo MP3 at 128 kbit/s, an 8 kHz mono MP3 at
// 16 kbit/s as VICIdial keeps them, and an 8 kHz mono WAV). Each job runs in a fresh process (analysis-job.ts),
// pinned to one core with taskset where it exists; its peak RSS is reported raw and net of a bare `node --import tsx`.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeMp3, seededRandom, silence, speech, Timeline, writeWavFrom } from '@crm/server/test/audio-support';
import type { TJobReport } from './analysis-job.ts';
import type { BenchServer } from './server.ts';
import type { Figure } from './table.ts';

const run = promisify(execFile);

/** The recordings' length (BENCH_ANALYSIS_MINUTES to shorten a trial run). */
const MINUTES = Number(process.env.BENCH_ANALYSIS_MINUTES ?? 60);
const TARGET_TIMES_REAL_TIME = 200;
const TARGET_RSS_MB = 150;
/** A stretch of conversation encoded once and repeated to the hour (lamejs encodes 44.1 kHz stereo at ~10× real time). */
const PIECE_SEC = 30;

const PHRASES = [
  'Good morning thank you for calling',
  'I would like to check my order',
  'Let me look that up for you',
  'It was sent last Tuesday',
  'Please hold while I check',
  'Thanks that is all I needed',
];

/** PIECE_SEC of a call (agent left, customer right, or both on one channel): turns, an overlap, pauses, line hiss. */
async function piece(sampleRate: number, channelCount: 1 | 2): Promise<Float32Array[]> {
  const t = new Timeline(sampleRate, 2);
  let at = 0.5;
  for (let turn = 0; at < PIECE_SEC - 4; turn += 1) {
    const ch = turn % 2;
    await t.addAt(ch, Math.max(at, t.end(ch)), speech(PHRASES[turn % PHRASES.length] ?? ''));
    // Every third turn the next speaker cuts in half a second early; otherwise a pause of 0.6 to 2.5 s.
    at = t.end(ch) + (turn % 3 === 2 ? -0.5 : 0.6 + (turn % 4) * 0.6);
  }
  for (let ch = 0; ch < 2; ch += 1) await t.addAt(ch, PIECE_SEC, silence(0));
  const [a = new Float32Array(0), b = new Float32Array(0)] = t
    .build()
    .channels.map((c) => c.subarray(0, PIECE_SEC * sampleRate));
  const channels = channelCount === 2 ? [a, b] : [a.map((v, i) => v + (b[i] ?? 0))];
  // -60 dBFS of hiss, so no stretch is digital silence (the detector's floor has something to follow).
  const random = seededRandom(7);
  for (const c of channels) for (let i = 0; i < c.length; i += 1) c[i] = (c[i] ?? 0) + 0.0017 * (2 * random() - 1);
  return channels;
}

/** An MP3 of MINUTES: one encoded piece repeated (lamejs writes no bit reservoir, so every frame stands alone). */
async function writeLongMp3(filePath: string, sampleRate: number, channelCount: 1 | 2, kbps: number): Promise<void> {
  const one = encodeMp3(await piece(sampleRate, channelCount), sampleRate, kbps);
  const fh = await fs.open(filePath, 'w');
  try {
    for (let i = 0; i < (MINUTES * 60) / PIECE_SEC; i += 1) await fh.write(one);
  } finally {
    await fh.close();
  }
}

async function writeLongWav(filePath: string, sampleRate: number): Promise<void> {
  const [one = new Float32Array(0)] = await piece(sampleRate, 1);
  await writeWavFrom(
    filePath,
    { sampleRate, channelCount: 1, frames: MINUTES * 60 * sampleRate, format: 'pcm16' },
    (from, count) => {
      const out = new Float32Array(count);
      for (let i = 0; i < count; i += 1) out[i] = one[(from + i) % one.length] ?? 0;
      return [out];
    },
  );
}

/** The core a job is pinned to (the last), or null where taskset is missing. */
function pinning(): string[] | null {
  const probe = spawnSync('taskset', ['-c', '0', 'true']);
  return probe.status === 0 ? ['taskset', '-c', String(os.cpus().length - 1)] : null;
}

/** `node --import tsx` + args in a fresh process (pinned when possible); its last line parsed as JSON. */
async function node<T>(pin: string[] | null, args: string[]): Promise<T> {
  const command = [...(pin ?? []), process.execPath, '--import', 'tsx', ...args];
  const { stdout } = await run(command[0] ?? process.execPath, command.slice(1), {
    cwd: import.meta.dirname,
    maxBuffer: 1 << 20,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as T;
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

export async function benchAnalysis(_server?: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[analysis] ${line}`);
  const pin = pinning();
  log(pin ? `jobs pinned to core ${pin.at(-1)} (taskset)` : 'taskset not found: jobs not pinned');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-bench-analysis-'));
  try {
    const cases = [
      {
        label: '44.1 kHz stereo MP3 128 kbit/s',
        file: path.join(dir, 'stereo-44k.mp3'),
        write: (f: string) => writeLongMp3(f, 44100, 2, 128),
      },
      {
        label: '8 kHz mono MP3 16 kbit/s',
        file: path.join(dir, 'mono-8k.mp3'),
        write: (f: string) => writeLongMp3(f, 8000, 1, 16),
      },
      { label: '8 kHz mono WAV', file: path.join(dir, 'mono-8k.wav'), write: (f: string) => writeLongWav(f, 8000) },
    ];
    for (const c of cases) {
      const started = performance.now();
      await c.write(c.file);
      log(
        `wrote ${MINUTES} min of ${c.label} (${mb((await fs.stat(c.file)).size / 1024)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }

    // What a process costs before any analysis: tsx alone, then with the analysis code loaded.
    const bare = await node<{ maxRssKb: number }>(pin, [
      '-e',
      'process.on("exit", () => console.log(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })))',
    ]);
    const loaded = await node<TJobReport>(pin, ['analysis-job.ts', '--load']);
    log(
      `peak RSS of a bare node --import tsx: ${mb(bare.maxRssKb)} MB; with the analysis code loaded: ${mb(loaded.maxRssKb)} MB`,
    );

    const figures: Figure[] = [];
    for (const c of cases) {
      const job = await node<TJobReport>(pin, ['analysis-job.ts', c.file]);
      const times = job.durationSec / job.cpuSec;
      log(
        `${c.label}: ${job.durationSec.toFixed(0)} s analysed in ${job.cpuSec.toFixed(2)} s of CPU (${job.wallSec.toFixed(2)} s on the clock): ` +
          `${times.toFixed(0)}× real time; peak RSS ${mb(job.maxRssKb)} MB raw, ${mb(job.maxRssKb - bare.maxRssKb)} MB net of tsx, ` +
          `${mb(job.maxRssKb - loaded.maxRssKb)} MB over the loaded code`,
      );
      figures.push(
        {
          figure: `analysis speed, 1 h ${c.label} (one core)`,
          value: Math.round(times),
          unit: '× real time',
          target: TARGET_TIMES_REAL_TIME,
          higher: true,
        },
        {
          figure: `analysis peak RSS per job, ${c.label}, net of tsx`,
          value: mb(job.maxRssKb - bare.maxRssKb),
          unit: 'MB',
          target: TARGET_RSS_MB,
          reference: mb(job.maxRssKb),
        },
      );
    }
    figures.push({ figure: 'analysis peak RSS of a bare node --import tsx', value: mb(bare.maxRssKb), unit: 'MB' });
    return figures;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

// Run on its own: node --import tsx bench/analysis.ts (prints the figures without starting the bench server).
if (import.meta.filename === process.argv[1]) {
  const { printTable } = await import('./table.ts');
  printTable(await benchAnalysis());
}
