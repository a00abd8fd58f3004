import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_PROBLEMS, CsvReader, CsvSyntaxError } from './csv-reader.ts';

/** Reads `text` fed in the given pieces; returns the rows, or the syntax error. */
function read(pieces: string[], maxRowLength?: number): string[][] | CsvSyntaxError {
  const rows: string[][] = [];
  const reader = new CsvReader((fields) => rows.push(fields), maxRowLength);
  try {
    for (const piece of pieces) reader.write(piece);
    reader.end();
  } catch (e) {
    if (e instanceof CsvSyntaxError) return e;
    throw e;
  }
  return rows;
}

/** The text cut at every position into two pieces, and into single characters. */
function splits(text: string): string[][] {
  const cuts = Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);
  return [[text], ...cuts, [...text]];
}

function reference(text: string): string[][] {
  return parse(text, { relax_column_count: true, skip_empty_lines: false });
}

describe('CsvReader', () => {
  it.each([
    ['plain rows, LF', 'a,b,c\n1,2,3\n'],
    ['CRLF and no line break at the end', 'a,b\r\n1,2\r\n3,4'],
    ['quoted commas, quotes and line breaks', 'a,b\n"x, y","say ""hi"""\n"two\nlines","CR\r\nLF"\n'],
    ['empty and quoted-empty fields', ',,\n"",x,""\n'],
    ['blank rows in the middle and at the end', 'a\n\n1\n\n\n'],
    ['rows of different lengths', 'a,b,c\n1\n1,2,3,4\n'],
    ['a quoted field last on the last line', 'a,b\n1,"end"'],
    ['spaces are kept', ' a , b \n 1 ,"2 "\n'],
    ['non-ASCII text', 'নাম,শহর\n"রহিম, উদ্দিন",ঢাকা\n'],
  ])('reads %s as csv-parse does, however the text is cut', (_name, text) => {
    const expected = reference(text);
    for (const pieces of splits(text)) expect(read(pieces), JSON.stringify(pieces)).toEqual(expected);
  });

  it('reads random files as csv-parse does', () => {
    const alphabet = ['a', 'b', ',', '"', '""', '\n', '\r\n', ' ', 'é'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 400; round++) {
      // Fields: quoted (any text, quotes doubled) or plain (no quote, comma or line break).
      const rows = Array.from({ length: 1 + random(4) }, () =>
        Array.from({ length: 1 + random(4) }, () => {
          const body = Array.from({ length: random(5) }, () => alphabet[random(alphabet.length)]).join('');
          return random(2) === 0 ? `"${body.replace(/"/g, '""')}"` : body.replace(/[",\r\n]/g, '');
        }).join(','),
      );
      const text = rows.join(random(2) === 0 ? '\n' : '\r\n') + (random(2) === 0 ? '\n' : '');
      const cut = random(text.length + 1);
      expect(read([text.slice(0, cut), text.slice(cut)]), JSON.stringify(text)).toEqual(reference(text));
    }
  });

  it.each([
    ['a quote never closed', 'a,b\n1,2\n3,"open\n4,5\n', 3, CSV_PROBLEMS.quoteNotClosed],
    ['a quote inside a plain value', 'a,b\n1,x"y\n', 2, CSV_PROBLEMS.quoteInValue],
    ['a quote inside a plain value after a quoted one', 'a,b\n"1",x"y\n', 2, CSV_PROBLEMS.quoteInValue],
    ['text after a closing quote', 'a,b\n\n1,"x"y\n', 3, CSV_PROBLEMS.textAfterQuote],
  ])('refuses %s, naming the row', (_name, text, row, reason) => {
    for (const pieces of splits(text))
      expect(read(pieces), JSON.stringify(pieces)).toEqual(new CsvSyntaxError(row, reason));
  });

  it('refuses a row longer than the limit instead of holding the rest of the file', () => {
    const error = read(['a,b\n1,"', 'x'.repeat(50), 'y'.repeat(50)], 64);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ row: 2, reason: CSV_PROBLEMS.tooLong(64) });
  });
});
