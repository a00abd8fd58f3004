// Reading WAV files for decode.ts: the RIFF chunk walk, the format header, and the samples of every stored format
// (PCM, float, A-law, mu-law) turned into -1..1 floats a chunk at a time.
import fs from 'node:fs/promises';
import { CHUNK_SECONDS, clampFloat, readAt, UnreadableAudioError, type TAudioSource } from './decode-shared.ts';

const MIN_RATE = 8000;
const MAX_RATE = 48000;
/** More channels than this is a broken or hostile header, not a recording (and would make huge read buffers). */
const MAX_WAV_CHANNELS = 32;
/** Chunks of a WAV file looked at before giving up (real files have a handful). */
const MAX_WAV_CHUNKS = 1000;

type TSampleKind = 'u8' | 's16' | 's24' | 's32' | 'f32' | 'f64' | 'alaw' | 'mulaw';

export type TWavLayout = {
  sampleRate: number;
  /** Channels stored in the file (we deliver at most two). */
  storedChannels: number;
  kind: TSampleKind;
  bytesPerSample: number;
  dataStart: number;
  dataEnd: number;
};

const WAV_FORMAT_NAMES: Record<number, string> = {
  0x0002: 'Microsoft ADPCM',
  0x0011: 'IMA ADPCM',
  0x0022: 'TrueSpeech',
  0x0031: 'GSM 6.10',
  0x0040: 'G.721 ADPCM',
  0x0050: 'MPEG',
  0x0055: 'MPEG Layer III',
  0x0064: 'G.726 ADPCM',
  0x0065: 'G.722 ADPCM',
  0x0160: 'Windows Media Audio',
  0x1610: 'AAC',
};

function hex4(n: number): string {
  return `0x${n.toString(16).padStart(4, '0')}`;
}

export async function readWavLayout(fh: fs.FileHandle, size: number): Promise<TWavLayout> {
  let fmt: Omit<TWavLayout, 'dataStart' | 'dataEnd'> | undefined;
  let data: { start: number; end: number } | undefined;
  // Chunks may come in any order; unknown ones are skipped by seeking, never read. A file of endless empty chunks is
  // not a recording, and walking it would take as long as a hang.
  for (let at = 12, seen = 0; at + 8 <= size; seen += 1) {
    if (seen === MAX_WAV_CHUNKS) throw new UnreadableAudioError(`the WAV file has over ${MAX_WAV_CHUNKS} chunks`);
    const header = await readAt(fh, at, 8);
    if (header.length < 8) break;
    const id = header.toString('latin1', 0, 4);
    const declared = header.readUInt32LE(4);
    const bodyStart = at + 8;
    if (id === 'fmt ') {
      if (declared < 16 || bodyStart + 16 > size) throw new UnreadableAudioError('the WAV format header is truncated');
      fmt = parseFmt(await readAt(fh, bodyStart, Math.min(declared, 40)));
    } else if (id === 'data') {
      // A streaming writer may leave the size at 0 or 0xFFFFFFFF: the data then runs to the end of the file, and a
      // recording cut short keeps what was written.
      const toEnd = declared === 0 || declared === 0xffffffff || bodyStart + declared > size;
      data = { start: bodyStart, end: toEnd ? size : bodyStart + declared };
      if (toEnd || fmt) break;
    }
    at = bodyStart + declared + (declared % 2);
  }
  if (!fmt) throw new UnreadableAudioError('the WAV file has no format header');
  if (!data) throw new UnreadableAudioError('the WAV file has no audio data');
  return { ...fmt, dataStart: data.start, dataEnd: data.end };
}

function parseFmt(b: Buffer): Omit<TWavLayout, 'dataStart' | 'dataEnd'> {
  let format = b.readUInt16LE(0);
  const storedChannels = b.readUInt16LE(2);
  const sampleRate = b.readUInt32LE(4);
  const bits = b.readUInt16LE(14);
  if (format === 0xfffe) {
    // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID (bits is the container).
    if (b.length < 40) throw new UnreadableAudioError('the WAV extensible format header is truncated');
    format = b.readUInt16LE(24);
  }
  if (storedChannels === 0) throw new UnreadableAudioError('the WAV file declares no channels');
  if (storedChannels > MAX_WAV_CHANNELS)
    throw new UnreadableAudioError(`a WAV file with ${storedChannels} channels is not supported`);
  if (sampleRate < MIN_RATE || sampleRate > MAX_RATE) {
    throw new UnreadableAudioError(`a sample rate of ${sampleRate} Hz is not supported (8,000 to 48,000)`);
  }
  const kind = sampleKind(format, bits);
  const bytesPerSample =
    kind === 'f64' ? 8 : kind === 's32' || kind === 'f32' ? 4 : kind === 's24' ? 3 : kind === 's16' ? 2 : 1;
  return { sampleRate, storedChannels, kind, bytesPerSample };
}

function sampleKind(format: number, bits: number): TSampleKind {
  switch (format) {
    case 1:
      if (bits === 8) return 'u8';
      if (bits === 16) return 's16';
      if (bits === 24) return 's24';
      if (bits === 32) return 's32';
      throw new UnreadableAudioError(`${bits}-bit PCM WAV is not supported`);
    case 3:
      if (bits === 32) return 'f32';
      if (bits === 64) return 'f64';
      throw new UnreadableAudioError(`${bits}-bit floating-point WAV is not supported`);
    case 6:
    case 7:
      if (bits !== 8)
        throw new UnreadableAudioError(`${bits}-bit ${format === 6 ? 'A-law' : 'mu-law'} WAV is not supported`);
      return format === 6 ? 'alaw' : 'mulaw';
    default: {
      const name = WAV_FORMAT_NAMES[format];
      throw new UnreadableAudioError(`WAV format ${hex4(format)}${name ? ` (${name})` : ''} is not supported`);
    }
  }
}

/** G.711 tables: each 8-bit code to its linear value scaled to -1..1. */
const MULAW = new Float32Array(256);
const ALAW = new Float32Array(256);
for (let code = 0; code < 256; code += 1) {
  const u = ~code & 0xff;
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  MULAW[code] = ((u & 0x80) !== 0 ? 0x84 - t : t - 0x84) / 32768;
  const a = code ^ 0x55;
  const seg = (a & 0x70) >> 4;
  let v = (a & 0x0f) << 4;
  v = seg === 0 ? v + 8 : seg === 1 ? v + 0x108 : (v + 0x108) << (seg - 1);
  ALAW[code] = ((a & 0x80) !== 0 ? v : -v) / 32768;
}

export function wavSource(filePath: string, layout: TWavLayout): TAudioSource {
  const channelCount = Math.min(2, layout.storedChannels);
  const frameBytes = layout.storedChannels * layout.bytesPerSample;
  const totalFrames = Math.floor((layout.dataEnd - layout.dataStart) / frameBytes);
  const chunkFrames = Math.ceil(layout.sampleRate * CHUNK_SECONDS);
  return {
    format: 'wav',
    sampleRate: layout.sampleRate,
    channelCount,
    durationSec: totalFrames / layout.sampleRate,
    async *chunks() {
      const fh = await fs.open(filePath, 'r');
      try {
        const buffer = Buffer.allocUnsafe(chunkFrames * frameBytes);
        const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        for (let frame = 0; frame < totalFrames;) {
          const want = Math.min(chunkFrames, totalFrames - frame);
          const { bytesRead } = await fh.read(buffer, 0, want * frameBytes, layout.dataStart + frame * frameBytes);
          // The file may have shrunk since it was opened: deliver what is there and stop.
          const frames = Math.floor(bytesRead / frameBytes);
          if (frames === 0) return;
          const out = Array.from({ length: channelCount }, () => new Float32Array(frames));
          for (let ch = 0; ch < channelCount; ch += 1) {
            convert(view, layout.kind, ch * layout.bytesPerSample, frameBytes, frames, out[ch] as Float32Array);
          }
          frame += frames;
          yield out;
        }
      } finally {
        await fh.close();
      }
    },
  };
}

/** One channel's samples out of interleaved frames. */
function convert(
  view: DataView,
  kind: TSampleKind,
  offset: number,
  stride: number,
  frames: number,
  out: Float32Array,
): void {
  let p = offset;
  switch (kind) {
    case 'u8':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = (view.getUint8(p) - 128) / 128;
      return;
    case 's16':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = view.getInt16(p, true) / 32768;
      return;
    case 's24':
      for (let i = 0; i < frames; i += 1, p += stride)
        out[i] = ((view.getInt8(p + 2) << 16) | view.getUint16(p, true)) / 8388608;
      return;
    case 's32':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = view.getInt32(p, true) / 2147483648;
      return;
    case 'f32':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = clampFloat(view.getFloat32(p, true));
      return;
    case 'f64':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = clampFloat(view.getFloat64(p, true));
      return;
    case 'alaw':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = ALAW[view.getUint8(p)] ?? 0;
      return;
    case 'mulaw':
      for (let i = 0; i < frames; i += 1, p += stride) out[i] = MULAW[view.getUint8(p)] ?? 0;
      return;
  }
}
