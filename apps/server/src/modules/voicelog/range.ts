// HTTP Range (RFC 9110 §14) for one byte range, which is what an <audio> element asks for when it seeks.

/** What a player asked for: its Range header, and its If-Range (the version of the part it holds already). */
export type TRangeAsk = { range?: string; ifRange?: string };

export function rangeAskOf(headers: { range?: string; 'if-range'?: string | string[] }): TRangeAsk {
  const ifRange = headers['if-range'];
  return { range: headers.range, ifRange: typeof ifRange === 'string' ? ifRange : undefined };
}

export type TByteRange = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * The bytes to send of a file of `size` bytes. `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n) are served as
 * 206 (an end past the file is cut to its last byte). A range that starts past the end, a zero-length suffix, or
 * any range of an empty file cannot be served (416). A header that is not one well-formed byte range (several
 * ranges, another unit, b < a, garbage) is ignored and the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): TByteRange {
  if (header === undefined) return { kind: 'full' };
  const m = SINGLE_RANGE.exec(header.trim());
  if (!m) return { kind: 'full' };
  const [first, last] = [m[1] ?? '', m[2] ?? ''];
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** A file's validators: a strong ETag (its size and modification time) and its Last-Modified date. */
export type TValidators = { etag: string; lastModified: string };

export function validatorsOf(stat: { size: number; mtimeMs: number; mtime: Date }): TValidators {
  return {
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    lastModified: stat.mtime.toUTCString(),
  };
}

/**
 * Whether a Range is served under its If-Range (RFC 9110 §13.1.5): there is none, or it names the file as it is now
 * (its ETag, or its exact Last-Modified date). Otherwise the part the player holds is of another version: the whole
 * file is sent. A weak ETag never matches.
 */
export function ifRangeHolds(ifRange: string | undefined, file: TValidators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === file.etag;
  return value === file.lastModified;
}
