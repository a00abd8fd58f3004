import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeWhole,
  encodeMp3,
  encodeWavFile,
  MP3_DELAY_SAMPLES,
  seededRandom,
  type TWavOptions,
  type TWavSampleFormat,
  writeWavFrom,
} from '../../../test/audio-support.ts';
import { CHUNK_SECONDS, openAudio, UnreadableAudioError } from './decode.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-decode-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

let fileNo = 0;
async function file(content: Buffer | string, ext = 'bin'): Promise<string> {
  fileNo += 1;
  const p = path.join(dir, `f${fileNo}.${ext}`);
  await fs.writeFile(p, content);
  return p;
}

/** Distinct known samples per channel: a sweep on the left, a slower one of other sign on the right. */
function knownSamples(channelCount: number, frames: number): Float32Array[] {
  return Array.from({ length: channelCount }, (_, ch) =>
    Float32Array.from({ length: frames }, (_, i) =>
      ch === 0 ? 0.9 * Math.sin(i * 0.013) : -0.5 * Math.cos(i * 0.0021) + 0.2 * Math.sin(i * 0.7),
    ),
  );
}

const TOLERANCE: Record<TWavSampleFormat, number> = {
  pcm8: 1 / 128,
  pcm16: 1 / 32768,
  pcm24: 1e-6,
  pcm32: 1e-6,
  float32: 1e-7,
  // G.711 keeps about 4 bits of mantissa: the step near full scale is 1/32 of it.
  mulaw: 0.02,
  alaw: 0.02,
};

function maxError(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) worst = Math.max(worst, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return worst;
}

function rms(a: Float32Array, from = 0, to = a.length): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += (a[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('openAudio: WAV', () => {
  const formats: TWavSampleFormat[] = ['pcm8', 'pcm16', 'pcm24', 'pcm32', 'float32', 'mulaw', 'alaw'];
  for (const format of formats) {
    for (const extensible of [false, true]) {
      it(`round-trips ${format}${extensible ? ' (extensible)' : ''}, mono and stereo`, async () => {
        for (const channelCount of [1, 2]) {
          const rate = format === 'mulaw' || format === 'alaw' ? 8000 : 44100;
          const input = knownSamples(channelCount, 12345);
          const { source, channels } = await decodeWhole(
            await file(encodeWavFile(input, rate, format, { extensible }), 'wav'),
          );
          expect(source).toMatchObject({ format: 'wav', sampleRate: rate, channelCount });
          expect(source.durationSec).toBeCloseTo(12345 / rate, 9);
          for (let ch = 0; ch < channelCount; ch += 1) {
            expect(channels[ch]?.length).toBe(12345);
            expect(maxError(channels[ch] as Float32Array, input[ch] as Float32Array)).toBeLessThanOrEqual(
              TOLERANCE[format],
            );
          }
        }
      });
    }
  }

  it('chunks cover the file once, in order, each CHUNK_SECONDS but the last', async () => {
    const rate = 8000;
    const frames = rate * 3 + 1234;
    const input = knownSamples(2, frames);
    const { chunks, channels } = await decodeWhole(await file(encodeWavFile(input, rate, 'pcm16'), 'wav'));
    const size = Math.ceil(rate * CHUNK_SECONDS);
    expect(chunks.map((c) => c[0]?.length)).toEqual([size, size, size, size, size, size, 1234]);
    for (const c of chunks) expect(c[1]?.length).toBe(c[0]?.length);
    expect(channels[0]?.length).toBe(frames);
    expect(maxError(channels[0] as Float32Array, input[0] as Float32Array)).toBeLessThanOrEqual(1 / 32768);
    // Stereo channels stay apart (a right channel copied from the left would fail this).
    expect(maxError(channels[1] as Float32Array, input[1] as Float32Array)).toBeLessThanOrEqual(1 / 32768);
  });

  it('reads chunks in any order, skips unknown and odd-sized ones, and takes a data size of 0 or 0xFFFFFFFF to the end', async () => {
    const input = knownSamples(2, 4001); // odd: 16,004 bytes of 16-bit stereo is even, but pcm8 mono is not
    const cases: [TWavSampleFormat, TWavOptions][] = [
      [
        'pcm16',
        {
          before: [{ id: 'JUNK', body: Buffer.alloc(27, 1) }],
          between: [{ id: 'LIST', body: Buffer.from('INFOISFT\x05\x00\x00\x00test\x00') }],
        },
      ],
      ['pcm16', { dataFirst: true, between: [{ id: 'fact', body: Buffer.alloc(4) }] }],
      ['pcm16', { dataSize: 'zero' }],
      ['pcm16', { dataSize: 'max' }],
      ['pcm8', { between: [{ id: 'odd ', body: Buffer.alloc(3, 0xff) }] }],
    ];
    for (const [format, options] of cases) {
      const { source, channels } = await decodeWhole(await file(encodeWavFile(input, 16000, format, options), 'wav'));
      expect(source.channelCount).toBe(2);
      expect(channels[0]?.length).toBe(4001);
      expect(maxError(channels[1] as Float32Array, input[1] as Float32Array)).toBeLessThanOrEqual(TOLERANCE[format]);
    }
  });

  it('reads the first two channels of a file with more', async () => {
    const input = knownSamples(2, 3000);
    const { source, channels } = await decodeWhole(
      await file(encodeWavFile(input, 48000, 'pcm24', { storedChannels: 4, extensible: true }), 'wav'),
    );
    expect(source.channelCount).toBe(2);
    expect(maxError(channels[0] as Float32Array, input[0] as Float32Array)).toBeLessThanOrEqual(1e-6);
    expect(maxError(channels[1] as Float32Array, input[1] as Float32Array)).toBeLessThanOrEqual(1e-6);
  });

  it('keeps what a truncated recording holds (data size past the end of the file)', async () => {
    const whole = encodeWavFile(knownSamples(1, 8000), 8000, 'pcm16');
    const { source, channels } = await decodeWhole(await file(whole.subarray(0, 44 + 2 * 5000 + 1), 'wav'));
    expect(source.durationSec).toBeCloseTo(5000 / 8000, 9);
    expect(channels[0]?.length).toBe(5000);
  });

  it('decodes a 20-minute 8 kHz stereo WAV with bounded memory', async () => {
    const rate = 8000;
    const frames = 20 * 60 * rate;
    const p = path.join(dir, 'long.wav');
    const left = Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
    const right = new Float32Array(rate).fill(0.25);
    await writeWavFrom(p, { sampleRate: rate, channelCount: 2, frames, format: 'pcm16' }, (_from, count) => [
      left.subarray(0, count),
      right.subarray(0, count),
    ]);
    const before = process.memoryUsage().rss;
    let peak = before;
    const source = await openAudio(p);
    expect(source.durationSec).toBe(1200);
    let total = 0;
    let sumRight = 0;
    for await (const chunk of source.chunks()) {
      total += chunk[0]?.length ?? 0;
      for (const v of chunk[1] ?? []) sumRight += v;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(total).toBe(frames);
    expect(sumRight / frames).toBeCloseTo(0.25, 4);
    expect(peak - before).toBeLessThan(60 * 1024 * 1024);
  }, 60_000);
});

describe('openAudio: MP3', () => {
  // One second of a 440 Hz tone on the left; the right is silent.
  function toneChannels(rate: number, channelCount: number, seconds: number): Float32Array[] {
    const left = Float32Array.from(
      { length: Math.round(rate * seconds) },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate),
    );
    return channelCount === 1 ? [left] : [left, new Float32Array(left.length)];
  }

  const cases = [
    { rate: 8000, channelCount: 1, kbps: 32, frame: 576 },
    { rate: 8000, channelCount: 2, kbps: 32, frame: 576 },
    { rate: 22050, channelCount: 1, kbps: 48, frame: 576 },
    { rate: 44100, channelCount: 2, kbps: 128, frame: 1152 },
    { rate: 48000, channelCount: 1, kbps: 96, frame: 1152 },
  ];
  for (const c of cases) {
    it(`decodes a lamejs MP3 at ${c.rate} Hz, ${c.channelCount} channel(s)`, async () => {
      const input = toneChannels(c.rate, c.channelCount, 2);
      const { source, channels, chunks } = await decodeWhole(await file(encodeMp3(input, c.rate, c.kbps), 'mp3'));
      expect(source).toMatchObject({
        format: 'mp3',
        sampleRate: c.rate,
        channelCount: c.channelCount,
        durationSec: null,
      });
      expect(channels).toHaveLength(c.channelCount);
      for (const chunk of chunks.slice(0, -1)) expect(chunk[0]?.length).toBe(Math.ceil(c.rate * CHUNK_SECONDS));
      // lamejs writes no LAME tag, so the encoder and decoder delays stay in: less them, the length is right to a frame.
      const decoded = channels[0]?.length ?? 0;
      expect(Math.abs(decoded - MP3_DELAY_SAMPLES - 2 * c.rate)).toBeLessThanOrEqual(c.frame);
      // The tone is there, at about the level it went in (0.5 peak: 0.354 RMS), and the silent right stays silent.
      const left = channels[0] as Float32Array;
      expect(rms(left, c.rate / 2, c.rate)).toBeGreaterThan(0.3);
      if (c.channelCount === 2) expect(rms(channels[1] as Float32Array, c.rate / 2, c.rate)).toBeLessThan(0.01);
    });
  }

  it('decodes a 20-minute 8 kHz stereo MP3 with bounded memory', async () => {
    // Ten seconds encoded once and repeated: CBR frames stand alone well enough to make a long file quickly.
    const ten = encodeMp3(toneChannels(8000, 2, 10), 8000, 32);
    const p = path.join(dir, 'long.mp3');
    await fs.writeFile(p, Buffer.concat(Array.from({ length: 120 }, () => ten)));
    const before = process.memoryUsage().rss;
    let peak = before;
    const source = await openAudio(p);
    let total = 0;
    for await (const chunk of source.chunks()) {
      total += chunk[0]?.length ?? 0;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(source.channelCount).toBe(2);
    expect(Math.abs(total / 8000 - 1200)).toBeLessThan(120 * 0.2);
    expect(peak - before).toBeLessThan(60 * 1024 * 1024);
  }, 60_000);

  it('skips an ID3v2 tag and reads the duration from a Xing/Info header', async () => {
    const mp3 = encodeMp3(toneChannels(44100, 2, 1), 44100, 128);
    const id3 = Buffer.alloc(10 + 300);
    id3.write('ID3', 0, 'latin1');
    id3[3] = 4;
    id3[9] = 300 & 0x7f;
    id3[8] = 300 >> 7;
    // An Info frame as LAME writes it: the first frame's header, empty side information, then the tag.
    const frameBytes = 417; // 128 kbit/s at 44.1 kHz, no padding
    const info = Buffer.alloc(frameBytes);
    mp3.copy(info, 0, 0, 4);
    info[2] = (info[2] ?? 0) & ~0x02; // no padding
    const at = 4 + 32;
    info.write('Info', at, 'latin1');
    info.writeUInt32BE(1, at + 4); // frames field present
    const frames = countFrames(mp3);
    info.writeUInt32BE(frames, at + 8);
    const { source, channels } = await decodeWhole(await file(Buffer.concat([id3, info, mp3]), 'mp3'));
    expect(source.channelCount).toBe(2);
    expect(source.durationSec).toBeCloseTo((frames * 1152) / 44100, 6);
    expect(Math.abs((channels[0]?.length ?? 0) - frames * 1152)).toBeLessThanOrEqual(1152);
  });
});

/** MPEG-1 Layer III frames in a lamejs CBR stream (each header's size, padding bit included). */
function countFrames(mp3: Buffer): number {
  let n = 0;
  for (let at = 0; at + 4 <= mp3.length; n += 1) {
    const padding = ((mp3[at + 2] ?? 0) >> 1) & 1;
    at += Math.floor((144 * 128000) / 44100) + padding;
  }
  return n;
}

describe('openAudio: unreadable files', () => {
  function wavWithFmt(fmt: Buffer): Buffer {
    const head = Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1');
    const size = Buffer.alloc(4);
    size.writeUInt32LE(fmt.length);
    const data = Buffer.from('data\x08\0\0\0\0\0\0\0\0\0\0\0', 'latin1');
    return Buffer.concat([head, size, fmt, data]);
  }
  function fmt(code: number, channels: number, rate: number, bits: number): Buffer {
    const b = Buffer.alloc(16);
    b.writeUInt16LE(code, 0);
    b.writeUInt16LE(channels, 2);
    b.writeUInt32LE(rate, 4);
    b.writeUInt32LE((rate * channels * 2) >>> 0, 8);
    b.writeUInt16LE((channels * 2) & 0xffff, 12);
    b.writeUInt16LE(bits, 14);
    return b;
  }
  const random = (n: number, seed: number) => {
    let s = seed;
    return Buffer.from(Array.from({ length: n }, () => ((s = (s * 1103515245 + 12345) >>> 0) >>> 16) & 0xff));
  };
  const mp3 = encodeMp3([new Float32Array(8000).fill(0.1)], 8000, 32);

  const cases: [string, () => Buffer, RegExp][] = [
    ['an empty file', () => Buffer.alloc(0), /empty/],
    ['text', () => Buffer.from('Name,Phone\nAnn,555\n'.repeat(100)), /^not an audio file: it holds text$/],
    ['random bytes', () => random(300_000, 7), /no MPEG audio frames/],
    ['a truncated RIFF header', () => Buffer.from('RIFF\x10\0\0\0WAVEfm', 'latin1'), /no format header/],
    [
      'a cut fmt chunk',
      () => Buffer.from('RIFF\x10\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0', 'latin1'),
      /format header is truncated/,
    ],
    ['GSM 6.10', () => wavWithFmt(fmt(0x31, 1, 8000, 0)), /WAV format 0x0031 \(GSM 6\.10\) is not supported/],
    ['an unknown format', () => wavWithFmt(fmt(0x4242, 1, 8000, 16)), /WAV format 0x4242 is not supported/],
    ['zero channels', () => wavWithFmt(fmt(1, 0, 8000, 16)), /no channels/],
    ['12-bit PCM', () => wavWithFmt(fmt(1, 1, 8000, 12)), /12-bit PCM/],
    ['a sample rate of 0', () => wavWithFmt(fmt(1, 1, 0, 16)), /sample rate of 0 Hz/],
    ['65,535 channels', () => wavWithFmt(fmt(1, 65535, 8000, 16)), /65535 channels/],
    ['RIFF that is not WAVE', () => Buffer.from('RIFF\x04\0\0\0AVI LIST', 'latin1'), /not WAVE/],
    [
      'a fmt chunk claiming 4 GB',
      () => Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt \xff\xff\xff\xff', 'latin1'), fmt(1, 1, 8000, 16)]),
      /no audio data/,
    ],
    ['no data chunk', () => wavWithFmt(fmt(1, 1, 8000, 16)).subarray(0, 36), /no audio data/],
    [
      'an ID3 tag and nothing after it',
      () => Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\x02\0', 'latin1'), Buffer.alloc(256)]),
      /no MPEG audio frames found/,
    ],
    [
      'endless empty chunks',
      () =>
        Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), Buffer.from('JUNK\0\0\0\0'.repeat(5000), 'latin1')]),
      /over 1000 chunks/,
    ],
    ['a lone MP3 frame header', () => mp3.subarray(0, 100), /no MPEG audio frames found/],
  ];
  for (const [name, make, reason] of cases) {
    it(`rejects ${name}`, async () => {
      const p = await file(make());
      const error = await decodeWhole(p).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnreadableAudioError);
      expect((error as UnreadableAudioError).reason).toMatch(reason);
    });
  }

  it('says a .wav file that is not one is not a WAV file, and what it holds when that is text (MP3 named .wav decodes)', async () => {
    expect((await decodeWhole(await file(mp3, 'wav'))).source.format).toBe('mp3');
    const reasons: string[] = [];
    for (const content of [Buffer.from('Name,Phone\nAnn,555\n'.repeat(100)), random(4096, 3)]) {
      const error = await decodeWhole(await file(content, 'wav')).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnreadableAudioError);
      reasons.push((error as UnreadableAudioError).reason);
    }
    expect(reasons).toEqual(['not a WAV file (no RIFF header: it holds text)', 'not a WAV file (no RIFF header)']);
  });

  it('either decodes or rejects damaged files, never anything else (byte flips and cuts)', async () => {
    const wave = (n: number) => Float32Array.from({ length: n }, (_, i) => 0.9 * Math.sin(i * 0.1));
    const bases = [
      mp3,
      encodeMp3([wave(44100), wave(44100)], 44100, 128),
      encodeWavFile([wave(8000), wave(8000)], 8000, 'mulaw', { extensible: true }),
    ];
    const outcomes = { decoded: 0, rejected: 0 };
    for (let seed = 1; seed <= 90; seed += 1) {
      const r = seededRandom(seed);
      const b = Buffer.from(bases[seed % 3] as Buffer);
      const flips = [5, 50, 500, 0][seed % 4] ?? 0;
      // The first few flips land in the headers, the rest anywhere.
      for (let k = 0; k < flips; k += 1) b[Math.floor(r() * (k < 3 ? 80 : b.length))] = Math.floor(r() * 256);
      const p = await file(seed % 4 === 3 ? b.subarray(0, Math.floor(r() * b.length)) : b);
      try {
        const { chunks } = await decodeWhole(p);
        for (const chunk of chunks) {
          for (const channel of chunk) {
            expect(channel.length).toBe(chunk[0]?.length);
            for (const v of channel)
              if (!(v >= -1 && v <= 1)) throw new Error(`sample ${v} out of range (seed ${seed})`);
          }
        }
        outcomes.decoded += 1;
      } catch (e) {
        if (!(e instanceof UnreadableAudioError)) throw e;
        outcomes.rejected += 1;
      }
    }
    expect(outcomes.decoded).toBeGreaterThan(30);
    expect(outcomes.rejected).toBeGreaterThan(5);
  }, 60_000);

  it('does not hang on MP3 frames followed by garbage, or garbage after a WAV header', async () => {
    const mixed = await decodeWhole(await file(Buffer.concat([mp3.subarray(0, 2000), random(200_000, 3), mp3]), 'mp3'));
    expect(mixed.source.channelCount).toBe(1);
    expect(mixed.channels[0]?.length).toBeGreaterThan(0);
    const wav = await decodeWhole(
      await file(
        Buffer.concat([encodeWavFile([new Float32Array(100)], 8000, 'pcm16', { dataSize: 'max' }), random(10_001, 5)]),
        'wav',
      ),
    );
    expect(wav.channels[0]?.length).toBe(100 + 5000);
  });
});
