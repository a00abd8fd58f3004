import { describe, expect, it } from 'vitest';
import { MAX_QUESTION_TITLE_LENGTH } from '@crm/shared';
import { EMPTY_CREATE_QUESTIONS, toNewQuestions, validateCreateQuestions } from './create-questions.ts';
import { emptyQuestionFields } from './question-form.ts';

const setUp = { campaignName: 'Spring Survey', dataTable: 'Spring Survey', count: 3 };

describe('Create Questions rules', () => {
  it('needs a campaign, a data table and 1 to 50 questions before Go', () => {
    expect(validateCreateQuestions(EMPTY_CREATE_QUESTIONS)).toEqual({
      campaignName: 'Campaign is required',
      dataTable: 'Data table is required',
      count: 'Number of questions is required',
    });
    expect(validateCreateQuestions({ ...EMPTY_CREATE_QUESTIONS, ...setUp, count: 0 }).count).toBe(
      'Number of questions must be between 1 and 50',
    );
    expect(validateCreateQuestions({ ...EMPTY_CREATE_QUESTIONS, ...setUp, count: 51 }).count).toBe(
      'Number of questions must be between 1 and 50',
    );
    expect(validateCreateQuestions({ ...EMPTY_CREATE_QUESTIONS, ...setUp })).toEqual({});
  });

  it("puts each card's problems under its own card, by ZNewQuestion's rules", () => {
    const errors = validateCreateQuestions({
      ...setUp,
      questions: [
        { ...emptyQuestionFields(), title: 'Age?', type: 'Number' },
        emptyQuestionFields(),
        { ...emptyQuestionFields(), title: 'Brand?', type: 'Multi Select Option', options: ['Gold Leaf'] },
        { ...emptyQuestionFields(), title: 'x'.repeat(MAX_QUESTION_TITLE_LENGTH + 1), type: 'Textarea' },
      ],
    });
    expect(errors).toEqual({
      'questions.1.title': 'Title is required',
      'questions.1.type': 'Type is required',
      'questions.2.options': 'Options need at least two choices',
      'questions.3.title': `Title must be at most ${MAX_QUESTION_TITLE_LENGTH} characters`,
    });
  });

  it('makes one POST /questions/add row per card, each naming its campaign', () => {
    const values = {
      ...setUp,
      count: 2,
      questions: [
        {
          type: 'Select Option' as const,
          title: ' Do you smoke? ',
          options: ['Yes', 'No'],
          optionalValue: 'Respondent' as const,
          instruction: 'Ask politely',
        },
        { ...emptyQuestionFields(), title: 'Comments', type: 'Textarea' as const },
      ],
    };
    expect(validateCreateQuestions(values)).toEqual({});
    expect(toNewQuestions(values)).toEqual([
      {
        campaignId: 'Spring Survey',
        type: 'Select Option',
        title: 'Do you smoke?',
        options: 'Yes, No',
        optionalValue: 'Respondent',
        instruction: 'Ask politely',
      },
      {
        campaignId: 'Spring Survey',
        type: 'Textarea',
        title: 'Comments',
        options: '',
        optionalValue: null,
        instruction: null,
      },
    ]);
  });
});
