// The analysis threads: answers, a file that is not audio, a job over its time (its thread stopped, the next job
// served by a new one), and a closed pool.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noise, silence, timeline } from '../../../test/audio-blocks-support.ts';
import { writeWav } from '../../../test/audio-writers-support.ts';
import { AnalysisTimeoutError, createThreadPool } from './thread-pool.ts';

let dir: string;
const pool = createThreadPool();
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-threads-'));
  const call = await timeline(8000, [[noise(1, 0.1), silence(1), noise(1, 0.1)]]);
  await writeWav(path.join(dir, 'call.wav'), call.channels, 8000);
  await fs.writeFile(path.join(dir, 'not-audio.wav'), 'RIFF but not really');
});
afterAll(async () => {
  await pool.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the analysis thread pool', () => {
  it('answers the analysis, and says why a file is not audio', async () => {
    const answer = await pool.analyse(path.join(dir, 'call.wav'), {}, 60_000);
    expect(answer.kind === 'done' && answer.analysis.durationSec).toBe(3);
    const bad = await pool.analyse(path.join(dir, 'not-audio.wav'), {}, 60_000);
    expect(bad.kind).toBe('unreadable');
    expect(bad.kind === 'unreadable' && bad.reason).toMatch(/WAV|RIFF|audio/i);
  }, 60_000);

  it('stops a job over its time, and serves the next one with a new thread', async () => {
    await expect(pool.analyse(path.join(dir, 'call.wav'), {}, 1)).rejects.toBeInstanceOf(AnalysisTimeoutError);
    const answer = await pool.analyse(path.join(dir, 'call.wav'), {}, 60_000);
    expect(answer.kind).toBe('done');
  }, 60_000);

  it('refuses work once closed', async () => {
    const closed = createThreadPool();
    await closed.close();
    await expect(closed.analyse(path.join(dir, 'call.wav'), {}, 1000)).rejects.toThrow(/stopped/);
  });
});
