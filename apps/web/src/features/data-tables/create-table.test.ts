import { describe, expect, it } from 'vitest';
import { MAX_DATA_TABLE_COLUMNS } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { checkColumnNames, refusedTableField, toCreateTableRequest, validateTableForm } from './create-table.ts';

describe('Create Table rules', () => {
  it('requires a campaign and at least one field before Go (ZCreateDataTableRequest)', () => {
    expect(validateTableForm({ campaignName: '', numberOfField: '', columns: [] })).toEqual({
      campaignName: 'Campaign is required',
      numberOfField: 'Number of fields is required',
    });
    expect(validateTableForm({ campaignName: 'Spring Survey', numberOfField: 0, columns: [] })).toEqual({
      numberOfField: 'Number of fields must be at least 1',
    });
    expect(
      validateTableForm({ campaignName: 'Spring Survey', numberOfField: MAX_DATA_TABLE_COLUMNS + 1, columns: [] }),
    ).toEqual({ numberOfField: `Number of fields must be at most ${MAX_DATA_TABLE_COLUMNS}` });
    expect(validateTableForm({ campaignName: 'Spring Survey', numberOfField: 3, columns: [] })).toEqual({});
  });

  it('marks empty names as missing, and still names a reserved one beside them', () => {
    expect(checkColumnNames(['Outlet', ' '])).toEqual({
      kind: 'missing',
      errors: [undefined, 'Column name is required'],
    });
    expect(checkColumnNames(['', 'region'])).toEqual({
      kind: 'missing',
      errors: ['Column name is required', 'Column name "region" already exists!'],
    });
  });

  it('puts a reserved or repeated name under its own field with the spec message', () => {
    expect(checkColumnNames(['Outlet', 'cell_number ', 'outlet'])).toEqual({
      kind: 'problem',
      errors: [undefined, 'Column name "cell_number" already exists!', 'Column name "outlet" already exists!'],
      message: 'Column name "cell_number" already exists!',
    });
    expect(validateTableForm({ campaignName: 'Spring Survey', numberOfField: 2, columns: ['Outlet', 'Q3'] })).toEqual({
      'columns.1': 'Column name "Q3" is reserved for survey answers',
    });
  });

  it('passes good names on trimmed', () => {
    expect(checkColumnNames([' Outlet name ', 'Sales officer'])).toEqual({
      kind: 'ok',
      columns: ['Outlet name', 'Sales officer'],
    });
    expect(
      toCreateTableRequest({
        campaignName: ' Spring Survey ',
        numberOfField: 2,
        columns: [' Outlet name ', 'Sales officer'],
      }),
    ).toEqual({ campaignName: 'Spring Survey', numberOfField: 2, columns: ['Outlet name', 'Sales officer'] });
  });

  it("puts the server's refusal of a column name under that column, and a taken campaign under the campaign", () => {
    const columns = ['Outlet', ' Brand New '];
    const refused = (status: number, message: string, code: string, field: string) =>
      new ApiError(status, message, 'http', { message, code, field });
    const column = 'Column name "Brand New" already exists!';
    expect(refusedTableField(refused(400, column, 'INVALID_VALUE', 'columns.1'), columns)).toBe('columns.1');
    const table = 'Campaign "Spring Survey" already has a data table';
    expect(refusedTableField(refused(409, table, 'DUPLICATE', 'campaignName'), columns)).toBe('campaignName');
    // By the code's field, not the words: the old words alone name no field, and a column the form lacks is none.
    expect(refusedTableField(new ApiError(400, column), columns)).toBeUndefined();
    expect(refusedTableField(refused(400, column, 'INVALID_VALUE', 'columns.7'), columns)).toBeUndefined();
    expect(
      refusedTableField(new ApiError(500, 'Something went wrong on the server. Please try again.'), columns),
    ).toBeUndefined();
  });
});
