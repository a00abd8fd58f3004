// Recorded calls decoded to float samples inside Node, read as a stream so an hour-long call never sits in memory
// (docs/product.md, automatic checks). This file sniffs the format and hands over: WAV is parsed in wav-decode.ts,
// MP3 goes through mpg123 compiled to WebAssembly in mp3-decode.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { readAt, UnreadableAudioError, type TAudioSource } from './decode-shared.ts';
import { mp3Source, readMpegLayout } from './mp3-decode.ts';
import { readWavLayout, wavSource } from './wav-decode.ts';

export { CHUNK_SECONDS, UnreadableAudioError } from './decode-shared.ts';
export type { TAudioSource } from './decode-shared.ts';

/** The first bytes of a file read as text: no NUL byte, and printable characters, tabs and line ends only. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  let printable = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte === 9 || byte === 10 || byte === 13 || byte >= 32) printable += 1;
  }
  return printable === head.length;
}

/** Why a file that is not RIFF audio is refused: named by its extension, and what it holds when that is text. */
function notAudio(filePath: string, head: Buffer): UnreadableAudioError | undefined {
  const holds = looksLikeText(head) ? ': it holds text' : '';
  if (path.extname(filePath).toLowerCase() === '.wav')
    return new UnreadableAudioError(`not a WAV file (no RIFF header${holds})`);
  return holds === '' ? undefined : new UnreadableAudioError(`not an audio file${holds}`);
}

export async function openAudio(filePath: string): Promise<TAudioSource> {
  const fh = await fs.open(filePath, 'r');
  try {
    const { size } = await fh.stat();
    if (size === 0) throw new UnreadableAudioError('the file is empty');
    const head = await readAt(fh, 0, 12);
    const magic = head.toString('latin1', 0, 4);
    if (head.length >= 12 && (magic === 'RIFF' || magic === 'RIFX' || magic === 'RF64')) {
      if (magic !== 'RIFF') throw new UnreadableAudioError(`${magic} WAV files are not supported`);
      if (head.toString('latin1', 8, 12) !== 'WAVE')
        throw new UnreadableAudioError('a RIFF file that is not WAVE audio');
      return wavSource(filePath, await readWavLayout(fh, size));
    }
    // Not RIFF: MPEG audio whatever its name; failing that, the reason names what the file was meant to be.
    const layout = await readMpegLayout(fh, size).catch(async (e: unknown) => {
      throw e instanceof UnreadableAudioError ? (notAudio(filePath, await readAt(fh, 0, 512)) ?? e) : e;
    });
    return mp3Source(filePath, layout);
  } finally {
    await fh.close();
  }
}
