// HTTP Range (RFC 9110 §14) for one byte range, which is what an <audio> element asks for when it seeks.

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
