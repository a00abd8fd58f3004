// The log's format: pretty for a terminal, JSON for anything else, and masked either way.
import { stripVTControlCharacters } from 'node:util';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logFormatFor, logStream, type LogFormat } from './log-format.ts';
import { maskLogLine } from './log-privacy.ts';

/** The lines a logger set up as buildApp sets it up (app.ts: streamWrite hook, then the stream) writes in a format. */
function logged(format: LogFormat, log: (logger: pino.Logger) => void): string[] {
  const lines: string[] = [];
  const logger = pino(
    { hooks: { streamWrite: maskLogLine } },
    logStream(format, { write: (line: string) => void lines.push(line) }),
  );
  log(logger);
  // Colours (on when the test runs in a colour terminal) are not what is tested.
  return lines.map(stripVTControlCharacters);
}

describe('the log format', () => {
  it('is pretty on a terminal and JSON when standard output is a file or a pipe', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
  });

  it('writes one JSON object a line, masked', () => {
    const [line, ...rest] = logged('json', (l) =>
      l.info({ url: '/api/ap/getByNumber?cellNumber=01719876543&token=abc.def' }, 'request'),
    );
    expect(rest).toEqual([]);
    expect(JSON.parse(line ?? '')).toMatchObject({
      level: 30,
      msg: 'request',
      url: '/api/ap/getByNumber?cellNumber=*******6543&token=***',
    });
  });

  it('writes a readable line with the time, level and message, masked just the same', () => {
    const [line, ...rest] = logged('pretty', (l) =>
      l.warn({ url: '/api/ap/getByNumber?cellNumber=01719876543&token=abc.def', status: 404 }, 'request'),
    );
    expect(rest).toEqual([]);
    expect(() => JSON.parse(line ?? '')).toThrow();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: request \{.*"status":404.*\}\n$/);
    expect(line).toContain('cellNumber=*******6543&token=***');
    expect(line).not.toContain('01719876543');
    expect(line).not.toContain('abc.def');
  });
});
