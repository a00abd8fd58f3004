import { describe, expect, it } from 'vitest';
import type { TLogicRule, TQuestion } from '@crm/shared';
import {
  logicFormPath,
  logicRows,
  MALFORMED_QUESTION,
  MISSING_QUESTION,
  parseQuestionParam,
  rowsToRules,
} from './logic-data.ts';
import { loopText } from './logic-text.ts';

const question = (over: Partial<TQuestion> = {}): TQuestion => ({
  id: 7,
  qno: 'Q1',
  campaignId: 'Spring Survey',
  title: 'Do you smoke?',
  type: 'Select Option',
  options: 'Yes, No, Sometimes',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const rule = (over: Partial<TLogicRule>): TLogicRule => ({
  id: 1,
  questionId: 7,
  campaignId: 'Spring Survey',
  optionTitle: null,
  questionNoToShow: null,
  isCompletedCall: null,
  ...over,
});

describe('the ?data= question of the logic forms', () => {
  it('carries the whole question through the address and reads it back', () => {
    const q = question({ title: 'Rate us: 1 & 2 / "3"?' });
    const url = new URL(logicFormPath('update', q), 'http://x');
    expect(url.pathname).toBe('/updateLogics');
    expect(parseQuestionParam(url.searchParams.get('data'))).toEqual({ ok: true, question: q });
    expect(new URL(logicFormPath('set', q), 'http://x').pathname).toBe('/setLogics');
  });

  it('says clearly when the question is missing or cannot be read', () => {
    expect(parseQuestionParam(null)).toEqual({ ok: false, message: MISSING_QUESTION });
    expect(parseQuestionParam('  ')).toEqual({ ok: false, message: MISSING_QUESTION });
    expect(parseQuestionParam('{"id": 7')).toEqual({ ok: false, message: MALFORMED_QUESTION });
    expect(parseQuestionParam(JSON.stringify({ id: 7, title: 'no type' }))).toEqual({
      ok: false,
      message: MALFORMED_QUESTION,
    });
  });
});

describe('the rows of the logic form', () => {
  it('has one row per option, prefilled from the current rules', () => {
    const rows = logicRows(question(), [
      rule({ optionTitle: 'Yes', questionNoToShow: 9 }),
      rule({ optionTitle: 'No', isCompletedCall: 1 }),
      rule({ questionId: 8, optionTitle: 'Sometimes', isCompletedCall: 0 }),
    ]);
    expect(rows).toEqual([
      { optionTitle: 'Yes', target: '9', end: '' },
      { optionTitle: 'No', target: '', end: '1' },
      { optionTitle: 'Sometimes', target: '', end: '' },
    ]);
  });

  it('has one "Any answer" row for every type without options', () => {
    for (const type of ['Text Input', 'Textarea', 'Plain Text', 'Number', 'Email'] as const) {
      expect(logicRows(question({ type, options: '' }), [rule({ isCompletedCall: 0 })])).toEqual([
        { optionTitle: null, target: '', end: '0' },
      ]);
    }
  });

  it('stores only the rows that say something', () => {
    const rules = rowsToRules(question(), [
      { optionTitle: 'Yes', target: '9', end: '' },
      { optionTitle: 'No', target: '', end: '1' },
      { optionTitle: 'Sometimes', target: '', end: '' },
    ]);
    expect(rules).toEqual([
      { questionId: 7, campaignId: 'Spring Survey', optionTitle: 'Yes', questionNoToShow: 9, isCompletedCall: null },
      { questionId: 7, campaignId: 'Spring Survey', optionTitle: 'No', questionNoToShow: null, isCompletedCall: 1 },
    ]);
    expect(
      rowsToRules(question({ type: 'Textarea', options: '' }), [{ optionTitle: null, target: '', end: '0' }]),
    ).toEqual([
      { questionId: 7, campaignId: 'Spring Survey', optionTitle: null, questionNoToShow: null, isCompletedCall: 0 },
    ]);
  });

  it('writes a loop as the walk back to its first question', () => {
    const byId = new Map([
      [2, { qno: 'Q2' }],
      [4, { qno: 'Q4' }],
    ]);
    expect(loopText([2, 4], byId)).toBe('Q2 → Q4 → Q2');
    expect(loopText([4], byId)).toBe('Q4 → Q4');
  });
});
