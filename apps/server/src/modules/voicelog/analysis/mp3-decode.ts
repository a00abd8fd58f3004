// Reading MP3 files for decode.ts: ID3 tags skipped, the first MPEG frame found and checked, the duration taken from
// a Xing/Info or VBRI header (less the LAME tag's delay and padding), and the audio streamed through mpg123.
import fs from 'node:fs/promises';
import { MPEGDecoder } from 'mpg123-decoder';
import { CHUNK_SECONDS, clampFloat, readAt, UnreadableAudioError, type TAudioSource } from './decode-shared.ts';

/** How far past an ID3v2 tag we look for the first MPEG frame. */
const MPEG_SCAN_BYTES = 1 << 20;
/** ID3v2 tags skipped before the audio (real files have one, rarely two). */
const MAX_ID3_TAGS = 16;
/**
 * Bytes fed to mpg123 at a time: 16 KB is about a second of a 128 kbit/s stream, whose samples the decoder hands back
 * at once (and copies on the way). At 64 KB the typed arrays in flight peaked at 11.8 MB, at 16 KB at 3.7 MB.
 */
const MP3_READ_BYTES = 16 * 1024;

type TMpegHeader = {
  /** 1, 2 or 2.5 */
  version: number;
  layer: number;
  sampleRate: number;
  channelCount: number;
  frameBytes: number;
  samplesPerFrame: number;
  sideInfoBytes: number;
  hasCrc: boolean;
};

export type TMpegLayout = { header: TMpegHeader; firstFrame: number; durationSec: number | null };

const MPEG_RATES: Record<number, number[]> = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
};
// kbit/s by bitrate index: MPEG-1 layers I, II, III, then MPEG-2/2.5 layer I, then layers II and III.
const BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/** The MPEG audio frame header at `at`, or null (free-format frames, with no bitrate to size them by, are not taken). */
function parseMpegHeader(b: Buffer, at: number): TMpegHeader | null {
  if (at + 4 > b.length) return null;
  const h = b.readUInt32BE(at);
  if (h >>> 21 !== 0x7ff) return null;
  const versionBits = (h >>> 19) & 3;
  const layerBits = (h >>> 17) & 3;
  const bitrateIndex = (h >>> 12) & 15;
  const rateIndex = (h >>> 10) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = 4 - layerBits;
  const sampleRate = MPEG_RATES[version]?.[rateIndex] ?? 0;
  const table =
    version === 1
      ? layer === 1
        ? BITRATES.v1l1
        : layer === 2
          ? BITRATES.v1l2
          : BITRATES.v1l3
      : layer === 1
        ? BITRATES.v2l1
        : BITRATES.v2l23;
  const bitrate = (table[bitrateIndex] ?? 0) * 1000;
  const padding = (h >>> 9) & 1;
  const mono = ((h >>> 6) & 3) === 3;
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 || version === 1 ? 1152 : 576;
  const frameBytes =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
  const sideInfoBytes = layer !== 3 ? 0 : version === 1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  return {
    version,
    layer,
    sampleRate,
    channelCount: mono ? 1 : 2,
    frameBytes,
    samplesPerFrame,
    sideInfoBytes,
    hasCrc: ((h >>> 16) & 1) === 0,
  };
}

function sameStream(a: TMpegHeader, b: TMpegHeader): boolean {
  return a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate;
}

export async function readMpegLayout(fh: fs.FileHandle, size: number): Promise<TMpegLayout> {
  let start = 0;
  // ID3v2 tags (possibly more than one) come before the audio; their size is syncsafe (7 bits a byte).
  for (let tags = 0; tags < MAX_ID3_TAGS; tags += 1) {
    const id3 = await readAt(fh, start, 10);
    if (id3.length < 10 || id3.toString('latin1', 0, 3) !== 'ID3') break;
    const tagSize =
      ((id3[6] ?? 0) & 0x7f) * 2 ** 21 +
      (((id3[7] ?? 0) & 0x7f) << 14) +
      (((id3[8] ?? 0) & 0x7f) << 7) +
      ((id3[9] ?? 0) & 0x7f);
    start += 10 + tagSize + (((id3[5] ?? 0) & 0x10) !== 0 ? 10 : 0);
  }
  const window = await readAt(fh, start, Math.min(MPEG_SCAN_BYTES + 8192, Math.max(0, size - start)));
  for (let i = 0; i < Math.min(window.length, MPEG_SCAN_BYTES); i += 1) {
    if (window[i] !== 0xff) continue;
    const first = parseMpegHeader(window, i);
    if (!first || !confirmed(window, i, first, start + i, size)) continue;
    return { header: first, firstFrame: start + i, durationSec: xingDuration(window, i, first) };
  }
  throw new UnreadableAudioError('no MPEG audio frames found');
}

/** A header is taken when the next two frames follow it where its size says (or the file ends there). */
function confirmed(window: Buffer, at: number, first: TMpegHeader, fileAt: number, size: number): boolean {
  let p = at;
  let h = first;
  for (let n = 0; n < 2; n += 1) {
    p += h.frameBytes;
    if (fileAt - at + p >= size) return n > 0 || fileAt + first.frameBytes === size;
    // A short file may end in an ID3v1 tag (128 bytes starting 'TAG') right after its frames.
    if (n > 0 && fileAt - at + p + 128 === size && window.toString('latin1', p, p + 3) === 'TAG') return true;
    const next = parseMpegHeader(window, p);
    if (!next || !sameStream(first, next)) return false;
    h = next;
  }
  return true;
}

/** Duration from a Xing/Info or VBRI header in the first frame (whose own frame holds no audio). */
function xingDuration(window: Buffer, at: number, h: TMpegHeader): number | null {
  const xing = at + 4 + (h.hasCrc ? 2 : 0) + h.sideInfoBytes;
  const tag = window.toString('latin1', xing, xing + 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= window.length && (window.readUInt32BE(xing + 4) & 1) !== 0) {
    const frames = window.readUInt32BE(xing + 8);
    let samples = frames * h.samplesPerFrame;
    // A LAME tag tells the encoder delay and padding, which the gapless decoder trims.
    const lame = xing + 120;
    if (lame + 24 <= window.length && /^(LAME|Lavc|Lavf)/.test(window.toString('latin1', lame, lame + 4))) {
      const d = window.readUIntBE(lame + 21, 3);
      samples -= (d >> 12) + (d & 0xfff);
    }
    return Math.max(0, samples) / h.sampleRate;
  }
  const vbri = at + 4 + 32;
  if (window.toString('latin1', vbri, vbri + 4) === 'VBRI' && vbri + 18 <= window.length) {
    return (window.readUInt32BE(vbri + 14) * h.samplesPerFrame) / h.sampleRate;
  }
  return null;
}

export function mp3Source(filePath: string, layout: TMpegLayout): TAudioSource {
  const { header, firstFrame } = layout;
  const channelCount = header.channelCount;
  const chunkFrames = Math.ceil(header.sampleRate * CHUNK_SECONDS);
  return {
    format: 'mp3',
    sampleRate: header.sampleRate,
    channelCount,
    durationSec: layout.durationSec,
    async *chunks() {
      const decoder = new MPEGDecoder();
      const fh = await fs.open(filePath, 'r');
      try {
        await decoder.ready;
        const pending = new Chunker(channelCount, chunkFrames);
        const input = Buffer.allocUnsafe(MP3_READ_BYTES);
        let decodedAny = false;
        for (let position = firstFrame; ;) {
          const { bytesRead } = await fh.read(input, 0, input.length, position);
          if (bytesRead === 0) break;
          position += bytesRead;
          // decode() keeps its own copy of what it needs, so the read buffer can be reused.
          const result = quietly(() => decoder.decode(new Uint8Array(input.buffer, input.byteOffset, bytesRead)));
          if (result.samplesDecoded > 0) {
            decodedAny = true;
            // mpg123 always hands back two channels; a mono stream's second one is silence.
            yield* pending.push(result.channelData.slice(0, channelCount), result.samplesDecoded);
          }
        }
        if (!decodedAny) throw new UnreadableAudioError('no MPEG audio frames could be decoded');
        yield* pending.flush();
      } finally {
        decoder.free();
        await fh.close();
      }
    },
  };
}

/**
 * mpg123-decoder reports each damaged stretch it skips on console.error as well as in its result; a damaged hour-long
 * file would flood the server's output, so the synchronous decode runs with console.error muted.
 */
function quietly<T>(work: () => T): T {
  const original = console.error;
  console.error = () => undefined;
  try {
    return work();
  } finally {
    console.error = original;
  }
}

/** Regroups the decoder's uneven output into chunks of a fixed number of frames. */
class Chunker {
  private current: Float32Array[];
  private filled = 0;
  constructor(
    private readonly channelCount: number,
    private readonly size: number,
  ) {
    this.current = this.fresh();
  }

  private fresh(): Float32Array[] {
    return Array.from({ length: this.channelCount }, () => new Float32Array(this.size));
  }

  *push(channels: Float32Array[], frames: number): Generator<Float32Array[]> {
    for (let from = 0; from < frames;) {
      const take = Math.min(frames - from, this.size - this.filled);
      const at = this.filled; // a local, not a field read per sample (the loop runs for every decoded sample)
      for (let ch = 0; ch < this.channelCount; ch += 1) {
        const source = channels[ch] ?? channels[0];
        const target = this.current[ch] as Float32Array;
        // Lossy coding overshoots near full scale; the analysis wants -1..1 (and NaN never comes out of mpg123).
        if (source) for (let i = 0; i < take; i += 1) target[at + i] = clampFloat(source[from + i]!);
      }
      from += take;
      this.filled += take;
      if (this.filled === this.size) {
        yield this.current;
        this.current = this.fresh();
        this.filled = 0;
      }
    }
  }

  *flush(): Generator<Float32Array[]> {
    if (this.filled > 0) yield this.current.map((c) => c.slice(0, this.filled));
    this.filled = 0;
  }
}
