// The dispositions form's rules: moving a row, and a refused save read back as field errors and a list of problems.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPOSITIONS } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { SET_ERRORS, dispositionRows, moveRow, refusalErrors, validateDispositions } from './disposition-form.ts';

describe('moveRow', () => {
  it('swaps a row with its neighbour, and leaves the order when it is at the end it moves towards', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('validateDispositions', () => {
  it('passes the default set, and lists every problem of a set at once', () => {
    const validate = validateDispositions('Spring Survey');
    expect(validate({ dispositions: dispositionRows(DEFAULT_DISPOSITIONS) })).toEqual({});
    const rows = dispositionRows([
      { code: 'NI', name: 'Not interested', kind: 'final', vicidialStatus: 'NI' },
      { code: 'ni', name: 'Again', kind: 'final', vicidialStatus: 'NI' },
    ]);
    const errors = validate({ dispositions: rows });
    // The repeat is marked at its row too.
    expect(errors['dispositions.1.code']).toBe('ni is used above');
    expect(errors['dispositions.0.code']).toBeUndefined();
    expect(String(errors[SET_ERRORS]).split('\n')).toEqual([
      'The code ni is used twice',
      'A campaign needs a completed disposition',
      'A campaign needs a callback disposition (Partial Call uses it)',
    ]);
  });
});

describe('refusalErrors', () => {
  it("puts the server's field problems under their row's input and the rest in the list", () => {
    const error = new ApiError(
      400,
      'body.dispositions.0.code: A disposition code is 1 to 20 letters, digits, _ or -; body.dispositions: The code X is used twice; No campaign named "Spring"',
    );
    expect(refusalErrors(error)).toEqual({
      'dispositions.0.code': 'A disposition code is 1 to 20 letters, digits, _ or -',
      [SET_ERRORS]: 'The code X is used twice\nNo campaign named "Spring"',
    });
  });

  it("reads the service's own refusal, one problem after another", () => {
    const error = new ApiError(
      400,
      'The dispositions were not saved. The code NI is used twice; A campaign needs a completed disposition',
    );
    expect(refusalErrors(error)).toEqual({
      [SET_ERRORS]: 'The code NI is used twice\nA campaign needs a completed disposition',
    });
  });

  it('reads a problems list of the reply when the server sends one', () => {
    const error = new ApiError(400, 'The dispositions were refused', 'http', {
      message: 'The dispositions were refused',
      problems: ['dispositions.1.name: A disposition needs a name', 'A campaign needs a completed disposition'],
    });
    expect(refusalErrors(error)).toEqual({
      'dispositions.1.name': 'A disposition needs a name',
      [SET_ERRORS]: 'A campaign needs a completed disposition',
    });
  });

  it('shows any other failure (forbidden, the network) as the one line of the list', () => {
    expect(refusalErrors(new ApiError(403, 'You do not have permission to do that.'))).toEqual({
      [SET_ERRORS]: 'You do not have permission to do that.',
    });
    expect(refusalErrors(new ApiError(0, 'Cannot reach the server.', 'network'))).toEqual({
      [SET_ERRORS]: 'Cannot reach the server.',
    });
  });
});
