// Writers of test recordings (audio-support.ts re-exports them all): WAV in every stored format and layout the
// decoder meets, in memory or streamed, G.711 encoding, and MP3 through lamejs with the delay mpg123 adds.
import fs from 'node:fs/promises';
import { Mp3Encoder } from '@breezystack/lamejs';

export type TWavSampleFormat = 'pcm8' | 'pcm16' | 'pcm24' | 'pcm32' | 'float32' | 'mulaw' | 'alaw';

export type TWavOptions = {
  /** WAVE_FORMAT_EXTENSIBLE (0xFFFE) with the format as its sub-format. */
  extensible?: boolean;
  /** The data chunk's declared size: the real one, or what a streaming writer leaves (0 or 0xFFFFFFFF). */
  dataSize?: 'exact' | 'zero' | 'max';
  /** Chunks written before 'fmt ' (e.g. an odd-sized LIST, to test skipping and padding). */
  before?: { id: string; body: Buffer }[];
  /** Chunks written between 'fmt ' and 'data'. */
  between?: { id: string; body: Buffer }[];
  /** Write 'data' before 'fmt ' (legal RIFF, rare in practice). */
  dataFirst?: boolean;
  /** Channels stored in the file; extra ones (beyond `channels`) are filled with a constant 0.5. */
  storedChannels?: number;
};

const FORMAT_INFO: Record<TWavSampleFormat, { code: number; bits: number }> = {
  pcm8: { code: 1, bits: 8 },
  pcm16: { code: 1, bits: 16 },
  pcm24: { code: 1, bits: 24 },
  pcm32: { code: 1, bits: 32 },
  float32: { code: 3, bits: 32 },
  mulaw: { code: 7, bits: 8 },
  alaw: { code: 6, bits: 8 },
};

function riffChunk(id: string, body: Buffer, declared = body.length): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(declared, 4);
  return Buffer.concat([head, body, body.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** The 'fmt ' chunk body. */
export function wavFormatChunk(
  format: TWavSampleFormat,
  channelCount: number,
  sampleRate: number,
  extensible = false,
): Buffer {
  const { code, bits } = FORMAT_INFO[format];
  const blockAlign = (channelCount * bits) / 8;
  const b = Buffer.alloc(extensible ? 40 : 16);
  b.writeUInt16LE(extensible ? 0xfffe : code, 0);
  b.writeUInt16LE(channelCount, 2);
  b.writeUInt32LE(sampleRate, 4);
  b.writeUInt32LE(sampleRate * blockAlign, 8);
  b.writeUInt16LE(blockAlign, 12);
  b.writeUInt16LE(bits, 14);
  if (extensible) {
    b.writeUInt16LE(22, 16); // cbSize
    b.writeUInt16LE(bits, 18); // valid bits
    b.writeUInt32LE(channelCount === 1 ? 0x4 : 0x3, 20); // channel mask: centre, or front left + right
    // Sub-format GUID {0000XXXX-0000-0010-8000-00AA00389B71}.
    b.writeUInt32LE(code, 24);
    Buffer.from('000000001000800000aa00389b71', 'hex').copy(b, 28);
  }
  return b;
}

function clamp(v: number): number {
  return v > 1 ? 1 : v < -1 ? -1 : v;
}

/** G.711 mu-law code of a 16-bit linear sample. */
export function linearToMulaw(sample: number): number {
  const BIAS = 0x84;
  const sign = sample < 0 ? 0x80 : 0;
  let v = Math.min(32635, Math.abs(sample)) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (v & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (v >> (exponent + 3)) & 0x0f;
  v = ~(sign | (exponent << 4) | mantissa) & 0xff;
  return v;
}

/** G.711 A-law code of a 16-bit linear sample. */
export function linearToAlaw(sample: number): number {
  const sign = sample >= 0 ? 0x80 : 0;
  const magnitude = Math.min(32767, sample >= 0 ? sample : -sample - 1) >> 3;
  let code: number;
  if (magnitude < 32) code = magnitude >> 1;
  else {
    let seg = 1;
    while (seg < 7 && magnitude >= 64 << (seg - 1)) seg += 1;
    code = (seg << 4) | ((magnitude >> seg) & 0x0f);
  }
  return (code | sign) ^ 0x55;
}

/** Interleaved sample bytes of `frames` frames starting at `from`. */
function encodeFrames(
  channels: Float32Array[],
  storedChannels: number,
  format: TWavSampleFormat,
  from: number,
  frames: number,
): Buffer {
  const bytes = FORMAT_INFO[format].bits / 8;
  const b = Buffer.alloc(frames * storedChannels * bytes);
  let p = 0;
  for (let i = from; i < from + frames; i += 1) {
    for (let ch = 0; ch < storedChannels; ch += 1) {
      const v = clamp(ch < channels.length ? (channels[ch]?.[i] ?? 0) : 0.5);
      const s16 = Math.max(-32768, Math.min(32767, Math.round(v * 32768)));
      switch (format) {
        case 'pcm8':
          b.writeUInt8(Math.max(0, Math.min(255, Math.round(v * 128) + 128)), p);
          break;
        case 'pcm16':
          b.writeInt16LE(s16, p);
          break;
        case 'pcm24':
          b.writeIntLE(Math.max(-8388608, Math.min(8388607, Math.round(v * 8388608))), p, 3);
          break;
        case 'pcm32':
          b.writeInt32LE(Math.max(-2147483648, Math.min(2147483647, Math.round(v * 2147483648))), p);
          break;
        case 'float32':
          b.writeFloatLE(v, p);
          break;
        case 'mulaw':
          b.writeUInt8(linearToMulaw(s16), p);
          break;
        case 'alaw':
          b.writeUInt8(linearToAlaw(s16), p);
          break;
      }
      p += bytes;
    }
  }
  return b;
}

/** A whole WAV file in memory (for short test files; writeWav streams long ones). */
export function encodeWavFile(
  channels: Float32Array[],
  sampleRate: number,
  format: TWavSampleFormat,
  options: TWavOptions = {},
): Buffer {
  const stored = options.storedChannels ?? channels.length;
  const frames = channels[0]?.length ?? 0;
  const samples = encodeFrames(channels, stored, format, 0, frames);
  const declared = options.dataSize === 'zero' ? 0 : options.dataSize === 'max' ? 0xffffffff : samples.length;
  const fmt = riffChunk('fmt ', wavFormatChunk(format, stored, sampleRate, options.extensible));
  const data = riffChunk('data', samples, declared);
  const before = (options.before ?? []).map((c) => riffChunk(c.id, c.body));
  const between = (options.between ?? []).map((c) => riffChunk(c.id, c.body));
  const body = options.dataFirst ? [...before, data, ...between, fmt] : [...before, fmt, ...between, data];
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  const total = body.reduce((n, c) => n + c.length, 4);
  head.writeUInt32LE(declared === samples.length ? total : 0xffffffff, 4);
  head.write('WAVE', 8, 'latin1');
  return Buffer.concat([head, ...body]);
}

/** Writes a WAV file, its samples in pieces so a long recording is never encoded whole in memory. */
export async function writeWav(
  filePath: string,
  channels: Float32Array[],
  sampleRate: number,
  format: TWavSampleFormat = 'pcm16',
): Promise<void> {
  const frames = channels[0]?.length ?? 0;
  await writeWavFrom(filePath, { sampleRate, channelCount: channels.length, frames, format }, (from, count) =>
    channels.map((c) => c.subarray(from, from + count)),
  );
}

/**
 * Writes a WAV file of `frames` frames whose samples come from `piece(from, count)` a second at a time, so an hour of
 * audio can be written without holding it (for the memory tests).
 */
export async function writeWavFrom(
  filePath: string,
  spec: { sampleRate: number; channelCount: number; frames: number; format: TWavSampleFormat },
  piece: (from: number, count: number) => Float32Array[],
): Promise<void> {
  const bytesPerFrame = (spec.channelCount * FORMAT_INFO[spec.format].bits) / 8;
  const dataBytes = spec.frames * bytesPerFrame;
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + 24 + 8 + dataBytes + (dataBytes % 2), 4);
  head.write('WAVE', 8, 'latin1');
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'latin1');
  dataHead.writeUInt32LE(dataBytes, 4);
  const fh = await fs.open(filePath, 'w');
  try {
    await fh.write(
      Buffer.concat([
        head,
        riffChunk('fmt ', wavFormatChunk(spec.format, spec.channelCount, spec.sampleRate)),
        dataHead,
      ]),
    );
    for (let from = 0; from < spec.frames; from += spec.sampleRate) {
      const count = Math.min(spec.sampleRate, spec.frames - from);
      await fh.write(encodeFrames(piece(from, count), spec.channelCount, spec.format, 0, count));
    }
    if (dataBytes % 2 === 1) await fh.write(Buffer.alloc(1));
  } finally {
    await fh.close();
  }
}

/**
 * A stereo call of `seconds` written as it goes: speech-like bursts of noise on the left (2 s on, 1 s off), quieter
 * ones on the right in the gaps. For the tests that need a recording that takes a while to analyse.
 */
export async function writeBurstyCall(filePath: string, seconds: number, sampleRate: number, seed = 1): Promise<void> {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  await writeWavFrom(
    filePath,
    { sampleRate, channelCount: 2, frames: seconds * sampleRate, format: 'pcm16' },
    (from, count) => {
      const left = new Float32Array(count);
      const right = new Float32Array(count);
      for (let i = 0; i < count; i += 1) {
        const on = Math.floor((from + i) / sampleRate) % 3 !== 2;
        left[i] = on ? random() * 0.2 : 0;
        right[i] = on ? 0 : random() * 0.1;
      }
      return [left, right];
    },
  );
}

/**
 * How much later a sound comes out of writeMp3 + mpg123 than it went in: LAME's 576-sample encoder delay plus the
 * decoder's 529, as lamejs writes no LAME tag for the decoder to trim them by (measured: 1,105 to 1,116 samples).
 */
export const MP3_DELAY_SAMPLES = 1105;

function bytesOf(a: Uint8Array | Int8Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/**
 * An MP3 (CBR, `kbps`) of one or two channels. lamejs quietly resamples when the bitrate is low for the rate
 * (44.1 kHz stereo at 32 kbit/s comes out at 16 kHz): use at least 64 kbit/s per channel at 32 kHz and above.
 */
export function encodeMp3(channels: Float32Array[], sampleRate: number, kbps: number): Buffer {
  if (channels.length < 1 || channels.length > 2) throw new Error('MP3 takes one or two channels');
  const toInt16 = (c: Float32Array) =>
    Int16Array.from(c, (v) => Math.max(-32768, Math.min(32767, Math.round(clamp(v) * 32767))));
  const pcm = channels.map(toInt16);
  const encoder = new Mp3Encoder(channels.length, sampleRate, kbps);
  const parts: Buffer[] = [];
  const step = 1152 * 16;
  for (let i = 0; i < (pcm[0]?.length ?? 0); i += step) {
    const left = (pcm[0] as Int16Array).subarray(i, i + step);
    parts.push(
      bytesOf(
        pcm.length === 2
          ? encoder.encodeBuffer(left, (pcm[1] as Int16Array).subarray(i, i + step))
          : encoder.encodeBuffer(left),
      ),
    );
  }
  parts.push(bytesOf(encoder.flush()));
  return Buffer.concat(parts);
}

export async function writeMp3(
  filePath: string,
  channels: Float32Array[],
  sampleRate: number,
  kbps: number,
): Promise<void> {
  await fs.writeFile(filePath, encodeMp3(channels, sampleRate, kbps));
}
