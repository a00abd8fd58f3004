import { describe, expect, it } from 'vitest';
import {
  newQuestionProblems,
  optionsProblem,
  parseOptions,
  qnoNumber,
  questionSearchQuery,
  ZUpdateQuestionRequest,
} from './questions.ts';
import { ZNewLogicRule, ZUpdateLogicRequest } from './logic.ts';

describe('question options', () => {
  it('reads a comma-separated list, trimmed, without blanks', () => {
    expect(parseOptions(' Yes ,No,, Maybe ')).toEqual(['Yes', 'No', 'Maybe']);
    expect(parseOptions('')).toEqual([]);
    expect(parseOptions(null)).toEqual([]);
  });

  it('needs two distinct options for the choice types and none for the others', () => {
    expect(optionsProblem('Select Option', 'Yes, No')).toBeUndefined();
    expect(optionsProblem('Multi Select Option', 'Yes')).toBe('options need at least two choices');
    expect(optionsProblem('Select Option', 'Yes, YES')).toBe('options must not repeat "YES"');
    expect(optionsProblem('Text Input', '')).toBeUndefined();
    expect(optionsProblem('Number', '1, 2')).toBe(
      'options are only for Select Option and Multi Select Option questions',
    );
  });

  it('names the row and field of every problem in a batch', () => {
    expect(
      newQuestionProblems([
        { campaignId: 'A', title: 'Fine', type: 'Plain Text' },
        { campaignId: '', title: 'x', type: 'Email' },
      ]),
    ).toEqual(['Question 2: campaignId (the campaign name) is required']);
  });

  it('compares qno as numbers', () => {
    expect(qnoNumber('Q10')).toBe(10);
    expect(qnoNumber('Q2') < qnoNumber('Q10')).toBe(true);
    expect(qnoNumber('X1')).toBeNaN();
  });

  it('sends one search term as every criterion', () => {
    expect(Object.values(questionSearchQuery('  robi '))).toEqual(Array(7).fill('robi'));
  });

  it('takes status as a boolean or the older "true"/"false" and normalises options on update', () => {
    const base = { id: 1, title: 'T', type: 'Select Option', options: 'Yes,No ', optionalValue: '', instruction: '' };
    expect(ZUpdateQuestionRequest.parse({ ...base, status: 'false' })).toMatchObject({
      status: false,
      options: 'Yes, No',
      optionalValue: null,
      instruction: null,
    });
    expect(ZUpdateQuestionRequest.safeParse({ ...base, status: 'no' }).success).toBe(false);
  });
});

describe('logic rule bodies', () => {
  it('reads left-out and blank fields as null', () => {
    expect(ZNewLogicRule.parse({ questionId: 3, optionTitle: '  ' })).toEqual({
      questionId: 3,
      optionTitle: null,
      questionNoToShow: null,
      isCompletedCall: null,
    });
  });

  it("takes the older client's text: blank is none, numeric text the number, other text is refused", () => {
    const older = { questionId: 3, optionTitle: ' No', campaignId: 'Survey' };
    expect(ZNewLogicRule.parse({ ...older, questionNoToShow: '', isCompletedCall: '' })).toMatchObject({
      optionTitle: 'No',
      questionNoToShow: null,
      isCompletedCall: null,
    });
    expect(ZNewLogicRule.parse({ ...older, questionNoToShow: '12', isCompletedCall: '1' })).toMatchObject({
      questionNoToShow: 12,
      isCompletedCall: 1,
    });
    expect(ZNewLogicRule.parse({ ...older, questionNoToShow: '', isCompletedCall: '0' })).toMatchObject({
      questionNoToShow: null,
      isCompletedCall: 0,
    });
    const refused = (patch: object) =>
      ZNewLogicRule.safeParse({ ...older, ...patch }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(refused({ questionNoToShow: 'abc' })).toEqual([
      ['questionNoToShow', 'questionNoToShow must be a question id or null'],
    ]);
    expect(refused({ questionNoToShow: '0' })).toEqual([
      ['questionNoToShow', 'questionNoToShow must be a question id or null'],
    ]);
    expect(refused({ isCompletedCall: '2' })).toEqual([['isCompletedCall', 'isCompletedCall must be 0, 1 or null']]);
    expect(refused({ isCompletedCall: 'yes' })).toEqual([['isCompletedCall', 'isCompletedCall must be 0, 1 or null']]);
  });

  it('takes {questionId, rules} or a bare non-empty list for updateLogic', () => {
    expect(ZUpdateLogicRequest.parse({ questionId: 4, rules: [] })).toEqual({ questionId: 4, rules: [] });
    expect(ZUpdateLogicRequest.parse([{ questionId: 4, optionTitle: 'Yes', questionNoToShow: 5 }])).toEqual({
      questionId: 4,
      rules: [{ questionId: 4, optionTitle: 'Yes', questionNoToShow: 5, isCompletedCall: null }],
    });
    expect(ZUpdateLogicRequest.safeParse([]).success).toBe(false);
  });
});
