import { describe, expect, it } from 'vitest';
import { columnNameProblems, findColumnNameProblem } from './lead-columns.ts';

describe('data table column names', () => {
  it('accepts distinct new names', () => {
    expect(findColumnNameProblem(['Outlet', 'Shop Size', 'Sales rep'])).toBeUndefined();
  });

  it('rejects a default lead column after trimming, whatever its case', () => {
    expect(findColumnNameProblem(['  cell_number '])).toBe('Column name "cell_number" already exists!');
    expect(findColumnNameProblem(['Region'])).toBe('Column name "Region" already exists!');
    // The lead's version sits beside the default columns in the agent panel's lead.
    expect(findColumnNameProblem([' Version'])).toBe('Column name "Version" already exists!');
    // So do the lookup's questions filled from the lead.
    expect(findColumnNameProblem(['SURVEY'])).toBe('Column name "SURVEY" already exists!');
  });

  it('rejects repeats within the form and names the table already has', () => {
    expect(findColumnNameProblem(['Outlet', 'outlet'])).toBe('Column name "outlet" already exists!');
    expect(findColumnNameProblem(['Outlet'], ['OUTLET'])).toBe('Column name "Outlet" already exists!');
  });

  it('rejects empty, answer-like and over-long names', () => {
    expect(findColumnNameProblem(['ok', '   '])).toBe('Each column name is required');
    expect(findColumnNameProblem(['Q12'])).toMatch(/reserved for survey answers/);
    expect(findColumnNameProblem(['x'.repeat(65)])).toMatch(/longer than 64/);
  });
});

describe('column name problems per field', () => {
  it('names the problem of each field, judging repeats against the fields before it', () => {
    expect(columnNameProblems(['Outlet', 'brand', 'outlet', ''], ['Shop'])).toEqual([
      undefined,
      'Column name "brand" already exists!',
      'Column name "outlet" already exists!',
      'Each column name is required',
    ]);
  });

  it('refuses a comma, which would split the name on POST /dynamic/create', () => {
    expect(findColumnNameProblem(['Outlet, type'])).toBe('Column name "Outlet, type" may not contain a comma');
  });

  it('keeps hostile text as an ordinary name', () => {
    expect(findColumnNameProblem(['x"; drop table users; --'])).toBeUndefined();
  });

  it('refuses control characters anywhere, even around the name, naming the column with them written as escapes', () => {
    expect(findColumnNameProblem(['Shop\tsize'])).toBe(
      'Column name "Shop\\tsize" may not contain control characters (tabs, line breaks…)',
    );
    expect(findColumnNameProblem(['Outlet\n'])).toBe(
      'Column name "Outlet\\n" may not contain control characters (tabs, line breaks…)',
    );
    expect(findColumnNameProblem(['\rOutlet'])).toMatch(/^Column name "\\rOutlet" may not contain control characters/);
    expect(findColumnNameProblem(['a\u0000b'])).toMatch(/^Column name "a\\u0000b" may not contain control characters/);
    expect(findColumnNameProblem(['a\u007fb'])).toMatch(/^Column name "a\\u007fb"/);
    expect(findColumnNameProblem(['c\u0085d'])).toMatch(/^Column name "c\\u0085d"/);
  });

  it('refuses a name a spreadsheet would read as a formula (=, +, -, @ first, after trimming)', () => {
    for (const name of ['=SUM(A1)', '+1', '-x', '@home', ' =x']) {
      expect(findColumnNameProblem([name])).toBe(
        `Column name "${name.trim()}" may not start with =, +, - or @ (a spreadsheet would read it as a formula)`,
      );
    }
    expect(findColumnNameProblem(['Shop-size', 'a=b', 'e@mail', 'A+'])).toBeUndefined();
  });

  it('keeps quotes and backslashes as ordinary characters', () => {
    expect(findColumnNameProblem(['Shop "A"', 'C:\\x\\n', '\\'])).toBeUndefined();
  });
});
