// The schema-to-form bridge: a shared schema's rules with the form's labels, and refusals that name a field.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCreateUserRequest } from '@crm/shared';
import { ApiError } from './api.ts';
import { errorsAt, errorsUnder, labelledMessage, refusedField, schemaValidate } from './form-schema.ts';

const LABELS = { username: 'Username', name: 'Name', password: 'Password', type: 'Category', email: 'Email' };

describe('schemaValidate', () => {
  type TValues = { username: string; name: string; password: string };
  const validate = schemaValidate(ZCreateUserRequest, {
    labels: LABELS,
    toInput: (values: TValues) => ({ ...values, password: values.password === '' ? undefined : values.password }),
  });

  it("says the shared schema's rule with the form's label, one message per field", () => {
    expect(validate({ username: 'qc nadia', name: 'Nadia', password: 'short' })).toEqual({
      username: 'Username must not contain spaces',
      password: 'Password must be at least 8 characters',
    });
    expect(validate({ username: 'qc.nadia', name: 'x'.repeat(101), password: 'long-enough' })).toEqual({
      name: 'Name must be at most 100 characters',
    });
  });

  it("says a blank or left-out field is required, in the schema's words or the form's", () => {
    expect(validate({ username: '', name: '  ', password: '' })).toEqual({
      username: 'Username is required',
      name: 'Name is required',
      password: 'Password is required',
    });
  });

  it('passes what the schema passes', () => {
    expect(validate({ username: 'qc.nadia', name: 'Nadia', password: 'long-enough' })).toEqual({});
  });

  it('checks the request the values make, not the values themselves', () => {
    const schema = z.object({ type: z.enum(['A', 'B'], { message: 'type must be A or B' }) });
    const byInput = schemaValidate(schema, {
      labels: LABELS,
      toInput: (values: { type: string }) => ({ type: values.type === '' ? undefined : values.type }),
    });
    expect(byInput({ type: '' })).toEqual({ type: 'Category is required' }); // left out: required, not "must be A or B"
    expect(byInput({ type: 'C' })).toEqual({ type: 'Category must be A or B' });
    expect(byInput({ type: 'A' })).toEqual({});
  });
});

describe('labelledMessage', () => {
  it('puts the label before a message that does not name its field, and finds nested fields by their own key', () => {
    expect(labelledMessage('email', 'must be an email address', { email: 'x' }, LABELS)).toBe(
      'Email must be an email address',
    );
    expect(labelledMessage('rows.2.name', 'name is required', { rows: [{}, {}, { name: 'a' }] }, LABELS)).toBe(
      'Name is required',
    );
    expect(labelledMessage('other', 'other is odd', { other: 'x' }, LABELS)).toBe('other is odd');
    // Only a left-out field is "required": an empty text keeps the schema's own reason.
    expect(
      labelledMessage('options', 'options need at least two choices', { options: '' }, { options: 'Options' }),
    ).toBe('Options need at least two choices');
  });
});

describe('errorsUnder and errorsAt', () => {
  it('moves errors between a list item and the whole form', () => {
    const all = { 'questions.1.title': 'Title is required', 'questions.10.type': 'Type is required', count: 'x' };
    expect(errorsUnder(all, 'questions.1')).toEqual({ title: 'Title is required' });
    expect(errorsUnder({ title: 'Title is required' }, '')).toEqual({ title: 'Title is required' });
    expect(errorsAt('questions.3', { title: 'Title is required' })).toEqual({
      'questions.3.title': 'Title is required',
    });
  });
});

describe('refusedField', () => {
  const fields = ['campaignName', 'campaignId'] as const;
  const refused = (message: string, body: unknown) => new ApiError(409, message, 'http', body);

  it("names the form's field of a refusal's code and field, and none for any other failure", () => {
    const taken = 'A campaign named "Spring" already exists';
    expect(refusedField(refused(taken, { message: taken, code: 'DUPLICATE', field: 'campaignName' }), fields)).toBe(
      'campaignName',
    );
    const code = 'A campaign with the code "SPR" already exists';
    expect(refusedField(refused(code, { message: code, code: 'DUPLICATE', field: 'campaignId' }), fields)).toBe(
      'campaignId',
    );
    expect(
      refusedField(new ApiError(500, 'Something went wrong on the server. Please try again.'), fields),
    ).toBeUndefined();
    expect(refusedField(taken, fields)).toBeUndefined();
  });

  it('decides by the code, not the words', () => {
    // Other words with the code: under the field; the old words without a code: under none.
    const other = 'Der Name ist vergeben';
    expect(refusedField(refused(other, { message: other, code: 'DUPLICATE', field: 'campaignName' }), fields)).toBe(
      'campaignName',
    );
    const taken = 'A campaign named "Spring" already exists';
    expect(refusedField(refused(taken, { message: taken }), fields)).toBeUndefined();
    // A field the form does not have, or a code that names no field.
    expect(refusedField(refused(taken, { message: taken, code: 'DUPLICATE', field: 'other' }), fields)).toBeUndefined();
    expect(refusedField(refused(taken, { message: taken, code: 'STALE_VERSION' }), fields)).toBeUndefined();
  });
});
