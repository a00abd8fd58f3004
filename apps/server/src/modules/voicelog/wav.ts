// 16-bit PCM WAV files written and read without any tool: the demo's recordings and the tests' audio.

export type TPcm = { samples: Int16Array; sampleRate: number };

/** A mono 16-bit PCM WAV file. */
export function encodeWav({ samples, sampleRate }: TPcm): Buffer {
  return encodeWavChannels([samples], sampleRate);
}

/** A 16-bit PCM WAV file of one or more channels of the same length: the 44-byte RIFF header, then interleaved samples. */
export function encodeWavChannels(channels: readonly Int16Array[], sampleRate: number): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * count * 2;
  const b = Buffer.alloc(44 + dataBytes);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(count, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * count * 2, 28); // bytes per second
  b.writeUInt16LE(count * 2, 32); // bytes per frame
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataBytes, 40);
  for (let f = 0; f < frames; f += 1) {
    for (let c = 0; c < count; c += 1) b.writeInt16LE(channels[c]?.[f] ?? 0, 44 + 2 * (f * count + c));
  }
  return b;
}

/** The samples of a mono 16-bit PCM WAV file (as espeak-ng writes), or null for anything else. */
export function decodeWav(file: Buffer): TPcm | null {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    return null;
  let format: { channels: number; sampleRate: number; bits: number; pcm: boolean } | undefined;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    // A streaming writer may leave the data size at 0 or 0xFFFFFFFF: then the data runs to the end of the file.
    const declared = file.readUInt32LE(at + 4);
    const size = id === 'data' && (declared === 0 || at + 8 + declared > file.length) ? file.length - at - 8 : declared;
    if (id === 'fmt ' && size >= 16) {
      format = {
        pcm: file.readUInt16LE(at + 8) === 1,
        channels: file.readUInt16LE(at + 10),
        sampleRate: file.readUInt32LE(at + 12),
        bits: file.readUInt16LE(at + 22),
      };
    } else if (id === 'data') {
      if (!format || !format.pcm || format.channels !== 1 || format.bits !== 16) return null;
      const count = Math.floor(size / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i += 1) samples[i] = file.readInt16LE(at + 8 + 2 * i);
      return { samples, sampleRate: format.sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** A sine tone of `hz` for `seconds`, at `volume` (0..1), with 5 ms fades so it does not click. */
export function tone(hz: number, seconds: number, sampleRate: number, volume = 0.3): Int16Array {
  const n = Math.round(seconds * sampleRate);
  const fade = Math.min(Math.round(0.005 * sampleRate), Math.floor(n / 2));
  const out = new Int16Array(n);
  for (let i = 0; i < n; i += 1) {
    const edge = fade === 0 ? 1 : Math.min(1, i / fade, (n - 1 - i) / fade);
    out[i] = Math.round(32767 * volume * edge * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  }
  return out;
}

/** Exactly `seconds` of audio: `parts` one after the other, cut or padded with silence. */
export function fitTo(parts: Int16Array[], seconds: number, sampleRate: number): Int16Array {
  const out = new Int16Array(Math.round(seconds * sampleRate));
  let at = 0;
  for (const part of parts) {
    if (at >= out.length) break;
    const take = part.subarray(0, out.length - at);
    out.set(take, at);
    at += take.length;
  }
  return out;
}
