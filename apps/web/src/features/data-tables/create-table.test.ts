import { describe, expect, it } from 'vitest';
import { checkColumnNames, validateSetup } from './create-table.ts';

describe('Create Table rules', () => {
  it('requires a campaign and at least one field before Go', () => {
    expect(validateSetup({ campaignName: '', numberOfField: '' })).toEqual({ campaignName: 'Campaign is required', numberOfField: 'Number of fields is required' });
    expect(validateSetup({ campaignName: 'Spring Survey', numberOfField: 0 })).toEqual({ numberOfField: 'Number of fields must be at least 1' });
    expect(validateSetup({ campaignName: 'Spring Survey', numberOfField: 3 })).toEqual({});
  });

  it('marks empty names as missing, and still names a reserved one beside them', () => {
    expect(checkColumnNames(['Outlet', ' '])).toEqual({ kind: 'missing', errors: [undefined, 'Column name is required'] });
    expect(checkColumnNames(['', 'region'])).toEqual({ kind: 'missing', errors: ['Column name is required', 'Column name "region" already exists!'] });
  });

  it('puts a reserved or repeated name under its own field with the spec message', () => {
    expect(checkColumnNames(['Outlet', 'cell_number ', 'outlet'])).toEqual({
      kind: 'problem',
      errors: [undefined, 'Column name "cell_number" already exists!', 'Column name "outlet" already exists!'],
      message: 'Column name "cell_number" already exists!',
    });
  });

  it('passes good names on trimmed', () => {
    expect(checkColumnNames([' Outlet name ', 'Sales officer'])).toEqual({ kind: 'ok', columns: ['Outlet name', 'Sales officer'] });
  });
});
