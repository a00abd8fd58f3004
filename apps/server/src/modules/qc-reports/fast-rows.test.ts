import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FastRowWriter } from './fast-rows.ts';
import { addSheet, openXlsx, runXlsx, type XlsxCell } from './xlsx-stream.ts';

/** A workbook of one sheet: `header`, then `rows` through the fast row path. */
async function fastBook(header: string[], rows: Iterable<XlsxCell[]>): Promise<Buffer> {
  const book = openXlsx();
  const file = runXlsx(book, async (signal) => {
    const sheet = addSheet(book, 'Data', header);
    const writer = new FastRowWriter(sheet, header.length);
    for (const row of rows) if (writer.writeRow(row)) await writer.waitForRoom(signal);
    writer.flush();
    sheet.commit();
  });
  return buffer(file);
}

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(bytes).buffer as ExcelJS.Buffer);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

describe('the fast row path', () => {
  it('writes text, numbers and empty cells that a spreadsheet reads back exactly', async () => {
    const texts = [
      'Tom & Jerry <b>"quoted"</b> \'single\'',
      'রহিম উদ্দিন', // Bengali
      'emoji 😀 and ï',
      '  padded  ',
      'line one\nline two',
      'x'.repeat(300_000), // longer than one write
    ];
    const bytes = await fastBook(
      ['Text', 'Number', 'Empty', 'Blank'],
      [...texts.map((s, i): XlsxCell[] => [s, i - 2.5, null, '']), ['bell\u0007 and nul\u0000 gone', -100, null, null]],
    );
    const sheet = await readBack(bytes);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Text', 'Number', 'Empty', 'Blank']);
    texts.forEach((s, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(s);
      expect(row.getCell(2).value).toBe(i - 2.5);
      expect(row.getCell(3).value).toBeNull();
      expect(row.getCell(4).value).toBeNull();
    });
    // XML 1.0 cannot hold control characters: they are dropped, the rest kept.
    expect(sheet.getRow(texts.length + 2).getCell(1).value).toBe('bell and nul gone');
    expect(sheet.rowCount).toBe(texts.length + 2);
  });

  it('takes a first row longer than its buffer whole', async () => {
    const long = 'ক'.repeat(150_000); // 450 kB of UTF-8
    const sheet = await readBack(
      await fastBook(
        ['A', 'B'],
        [
          [long, 1],
          ['short', 2],
        ],
      ),
    );
    expect(sheet.getRow(2).getCell(1).value).toBe(long);
    expect(sheet.getRow(3).values).toEqual([undefined, 'short', 2]);
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves numbers-as-text alone', async () => {
    const sheet = await readBack(await fastBook(['A'], [['=1+1'], ['@SUM(A1)'], ['+8801712345678'], ['-5'], ['-x']]));
    expect([2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([
      "'=1+1",
      "'@SUM(A1)",
      '+8801712345678',
      '-5',
      "'-x",
    ]);
    expect(sheet.getRow(2).getCell(1).formula).toBeUndefined();
  });

  it('keeps every one of 40,000 rows whole and in order while its buffers are written again, through a slow reader', async () => {
    const book = openXlsx();
    let writer: FastRowWriter | undefined;
    const file = runXlsx(book, async (signal) => {
      const sheet = addSheet(book, 'Data', ['Name', 'N', 'Note']);
      writer = new FastRowWriter(sheet, 3);
      for (let i = 1; i <= 40_000; i++) {
        // Text that differs row by row and compresses poorly: a buffer written again too early would show.
        if (writer.writeRow([`row ${i}`, i, `${i.toString(36)}-${(i * 7919).toString(16)}-${'x'.repeat(i % 50)}`]))
          await writer.waitForRoom(signal);
      }
      writer.flush();
      sheet.commit();
    });
    const chunks: Buffer[] = [];
    await pipeline(
      file,
      new Writable({
        highWaterMark: 8 * 1024,
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          setTimeout(done, chunks.length % 20 === 0 ? 5 : 0);
        },
      }),
    );
    expect(writer?.reusedBuffers).toBeGreaterThan(5);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.concat(chunks)), {});
    let count = 0;
    let wrong = 0;
    for await (const sheet of reader) {
      for await (const row of sheet) {
        count += 1;
        const i = count - 1;
        if (
          count > 1 &&
          (row.getCell(1).value !== `row ${i}` ||
            row.getCell(2).value !== i ||
            row.getCell(3).value !== `${i.toString(36)}-${(i * 7919).toString(16)}-${'x'.repeat(i % 50)}`)
        )
          wrong += 1;
      }
    }
    expect(count).toBe(40_001);
    expect(wrong).toBe(0);
  });
});

describe('backpressure', () => {
  /** An endless export; resolves with how many rows it wrote once it stops. */
  function endlessExport() {
    const book = openXlsx();
    let written = 0;
    let stopped: (reason: unknown) => void = () => undefined;
    const ended = new Promise<unknown>((resolve) => (stopped = resolve));
    const file = runXlsx(book, async (signal) => {
      const sheet = addSheet(book, 'Data', ['Name', 'Suggestion']);
      const writer = new FastRowWriter(sheet, 2);
      try {
        for (;;) {
          written += 1;
          if (writer.writeRow([`Agent ${written}`, `A fairly long suggestion that repeats, number ${written}`]))
            await writer.waitForRoom(signal);
        }
      } catch (err) {
        stopped(err);
        throw err;
      }
    });
    return { file, written: () => written, ended };
  }

  it('stops writing while nobody reads, and stops for good when the reader goes away', async () => {
    const run = endlessExport();
    // The writer comes to a stop: the same count twice, 300 ms apart.
    let before = -1;
    for (let i = 0; i < 40 && run.written() !== before; i++) {
      before = run.written();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(run.written()).toBe(before);
    // What waits is the compressed file (1 MB for the reader, a little in the zip) and 4 MB of XML: some 100k rows
    // of this very repetitive text, never without bound.
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(1_000_000);
    run.file.destroy();
    const reason = await run.ended;
    expect((reason as Error).name).toBe('AbortError');
  });

  it('writes on as fast as a slow reader reads', async () => {
    const run = endlessExport();
    let bytes = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        setTimeout(done, 2);
      },
    });
    run.file.pipe(slow);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const first = run.written();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(run.written()).toBeGreaterThan(first);
    expect(bytes).toBeGreaterThan(0);
    run.file.destroy();
    await run.ended;
  });

  it('gives up on a reader that takes nothing for the stall time', async () => {
    const book = openXlsx();
    const file = runXlsx(book, async (signal) => {
      const sheet = addSheet(book, 'Data', ['Name']);
      const writer = new FastRowWriter(sheet, 1);
      for (let i = 0; ; i++)
        if (writer.writeRow([`A row of text long enough to fill the queue quickly ${i}`]))
          await writer.waitForRoom(signal, 300);
    });
    const failure = await new Promise<Error>((resolve) => file.once('error', resolve));
    expect((failure as Error & { code?: string }).code).toBe('ERR_XLSX_READER_STALLED');
  });
});
