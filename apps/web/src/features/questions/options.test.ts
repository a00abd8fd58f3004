import { describe, expect, it } from 'vitest';
import { joinOptions, parseOptions } from '@crm/shared';
import { optionProblem } from './options.ts';
import { questionEditValues, toQuestionUpdate, validateQuestionEdit } from './question-form.ts';

describe('the options editor', () => {
  it('refuses an empty option, one with a comma, and a repeat in any case', () => {
    expect(optionProblem('  ', [])).toBe('Type an option first');
    expect(optionProblem('Yes, please', [])).toBe('An option may not contain a comma');
    expect(optionProblem(' yes ', ['Yes', 'No'])).toBe('"yes" is already an option');
    expect(optionProblem('x'.repeat(201), [])).toBe('An option may be at most 200 characters');
    expect(optionProblem(' Maybe ', ['Yes', 'No'])).toBeUndefined();
  });

  it('turns the stored string into the list it edits and back without changing an option', () => {
    const question = {
      id: 1,
      qno: 'Q1',
      campaignId: 'Spring Survey',
      title: 'Do you smoke?',
      type: 'Select Option' as const,
      options: 'Yes, No ,Sometimes',
      optionalValue: null,
      instruction: null,
      status: true,
      createAt: '2025-01-01T00:00:00Z',
    };
    const values = questionEditValues(question);
    expect(values.options).toEqual(['Yes', 'No', 'Sometimes']);
    const body = toQuestionUpdate(1, { ...values, options: [...values.options.filter((o) => o !== 'No'), 'Never'] });
    expect(parseOptions(body.options)).toEqual(['Yes', 'Sometimes', 'Never']);
    expect(body.options).toBe(joinOptions(['Yes', 'Sometimes', 'Never']));
  });

  it('sends no options for a type without them, even if some were typed before the type changed', () => {
    const values = {
      type: 'Text Input' as const,
      title: ' Name? ',
      options: ['Yes', 'No'],
      optionalValue: '' as const,
      instruction: '  ',
      status: 'false' as const,
    };
    expect(validateQuestionEdit(1)(values)).toEqual({});
    expect(toQuestionUpdate(1, values)).toEqual({
      id: 1,
      type: 'Text Input',
      title: 'Name?',
      options: '',
      optionalValue: null,
      instruction: null,
      status: false,
    });
    expect(validateQuestionEdit(1)({ ...values, type: '' })).toEqual({ type: 'Type is required' });
  });
});
