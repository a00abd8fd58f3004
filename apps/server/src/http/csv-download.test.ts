import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { neutraliseFormula, streamCsv, toCsvCell, type CsvValue } from './csv-download.ts';

const BOM = '\uFEFF';

/** The bytes as UTF-8, BOM kept (TextDecoder, and so stream/consumers text(), would drop it). */
async function text(stream: Readable): Promise<string> {
  return (await buffer(stream)).toString('utf8');
}

async function* recordsOf(records: CsvValue[][]): AsyncGenerator<CsvValue[]> {
  yield* records;
}

describe('neutraliseFormula', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-x', "'-x"],
    ['-', "'-"],
    ['@foo', "'@foo"],
    ['\tcmd', "'\tcmd"],
    ['\r=cmd', "'\r=cmd"],
    ['\uFF1DSUM(A1)', "'\uFF1DSUM(A1)"],
    ['+88017 1234', "'+88017 1234"],
    ['-2+3', "'-2+3"],
  ])('quotes %j, which a spreadsheet would run as a formula', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each([
    '-5',
    '+8801712345678',
    '-3.5',
    '+0.25',
    '-.5',
    '1e5',
    '-2E-3',
    '',
    'plain text',
    'a=b',
    '5-3',
    'রহিম',
    ' =not first',
  ])('leaves %j as it is', (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });
});

describe('toCsvCell', () => {
  it('writes null as an empty cell, numbers as they are and neutralises text', () => {
    expect([null, 0, -7, 12.5, '-7', '=x'].map(toCsvCell)).toEqual(['', '0', '-7', '12.5', '-7', "'=x"]);
  });
});

describe('streamCsv', () => {
  it('writes a BOM, the header and CRLF-ended records that parse back to the same values', async () => {
    const tricky = [
      'Hossain, Rafiq',
      'Shahana "Shanu" Parvin',
      'line one\nline two',
      'cr\ronly',
      'crlf\r\nboth',
      'মোঃ রহিম উদ্দিন',
      '',
    ];
    const out = await text(streamCsv(['name', 'n'], recordsOf(tricky.map((v, i) => [v, i]))));
    expect(out.startsWith(BOM)).toBe(true);
    expect(out.slice(BOM.length).split('\r\n')[0]).toBe('name,n');
    expect(out.endsWith('\r\n')).toBe(true);
    // Every line break outside quotes is CRLF: no bare \n ends a record.
    expect(out.replace(/"[^"]*"/g, '').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const parsed = parse(out, { bom: true, columns: true }) as Record<string, string>[];
    expect(parsed).toEqual(tricky.map((name, i) => ({ name, n: String(i) })));
  });

  it('writes the header alone when there are no records', async () => {
    expect(await text(streamCsv(['id', 'Q1'], recordsOf([])))).toBe(`${BOM}id,Q1\r\n`);
  });

  it('neutralises formulas in the header and the cells, and writes null as an empty cell', async () => {
    const out = await text(
      streamCsv(
        ['=bad', 'phone'],
        recordsOf([
          ['@SUM(1)', '+8801712345678'],
          [null, '-3.5'],
        ]),
      ),
    );
    expect(parse(out, { bom: true })).toEqual([
      ["'=bad", 'phone'],
      ["'@SUM(1)", '+8801712345678'],
      ['', '-3.5'],
    ]);
  });

  it('ends the records when the reader destroys the stream', async () => {
    let ended = false;
    let pulled = 0;
    async function* endless(): AsyncGenerator<CsvValue[]> {
      try {
        for (;;) {
          pulled += 1;
          yield [pulled, 'x'.repeat(1000)];
        }
      } finally {
        ended = true;
      }
    }
    const csv = streamCsv(['n', 'text'], endless());
    await new Promise<void>((resolve) => csv.once('data', () => resolve()));
    csv.destroy();
    await expect.poll(() => ended).toBe(true);
    // Pulled only as fast as read: a handful of records, not an endless loop.
    expect(pulled).toBeLessThan(1000);
  });

  it('ends a stream whose reader takes nothing for the stall time, and the records with it', async () => {
    let ended = false;
    async function* endless(): AsyncGenerator<CsvValue[]> {
      try {
        for (let n = 0; ; n += 1) yield [n, 'x'.repeat(1000)];
      } finally {
        ended = true;
      }
    }
    const csv = streamCsv(['n', 'text'], endless(), { stallMs: 100 });
    const failed = new Promise<unknown>((resolve) => csv.once('error', resolve));
    await new Promise<void>((resolve) => csv.once('data', () => resolve()));
    csv.pause();
    expect(await failed).toMatchObject({ code: 'ERR_CSV_READER_STALLED' });
    await expect.poll(() => ended).toBe(true);
  });

  it('keeps a stream whose reader is slow but keeps reading', async () => {
    const csv = streamCsv(['n'], recordsOf(Array.from({ length: 5 }, (_, i) => [i])), { stallMs: 200 });
    const chunks: Buffer[] = [];
    for await (const chunk of csv) {
      chunks.push(chunk as Buffer);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${BOM}n\r\n0\r\n1\r\n2\r\n3\r\n4\r\n`);
  });

  it('fails the stream when the records fail', async () => {
    async function* failing(): AsyncGenerator<CsvValue[]> {
      yield ['1'];
      throw new Error('connection lost');
    }
    await expect(text(streamCsv(['n'], failing()))).rejects.toThrow('connection lost');
  });
});
