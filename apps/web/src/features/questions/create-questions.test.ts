import { describe, expect, it } from 'vitest';
import { checkDrafts, validateSetup } from './create-questions.ts';
import { emptyQuestionFields } from './question-form.ts';

describe('Create Questions rules', () => {
  it('needs a campaign, a data table and 1 to 50 questions before Go', () => {
    expect(validateSetup({ campaignName: '', dataTable: '', count: '' })).toEqual({
      campaignName: 'Campaign is required',
      dataTable: 'Data table is required',
      count: 'Number of questions is required',
    });
    expect(validateSetup({ campaignName: 'Spring Survey', dataTable: 'Spring Survey', count: 0 }).count).toBe('Number of questions must be between 1 and 50');
    expect(validateSetup({ campaignName: 'Spring Survey', dataTable: 'Spring Survey', count: 51 }).count).toBe('Number of questions must be between 1 and 50');
    expect(validateSetup({ campaignName: 'Spring Survey', dataTable: 'Spring Survey', count: 3 })).toEqual({});
  });

  it('puts each missing title, type and option list under its own card', () => {
    const check = checkDrafts('Spring Survey', [
      { ...emptyQuestionFields(), title: 'Age?', type: 'Number' },
      emptyQuestionFields(),
      { ...emptyQuestionFields(), title: 'Brand?', type: 'Multi Select Option', options: ['Gold Leaf'] },
    ]);
    expect(check).toEqual({
      kind: 'invalid',
      errors: [{}, { title: 'Title is required', type: 'Type is required' }, { options: 'Add at least two options' }],
    });
  });

  it('makes one POST /questions/add row per card, each naming its campaign', () => {
    const check = checkDrafts('Spring Survey', [
      { type: 'Select Option', title: ' Do you smoke? ', options: ['Yes', 'No'], optionalValue: 'Respondent', instruction: 'Ask politely' },
      { ...emptyQuestionFields(), title: 'Comments', type: 'Textarea' },
    ]);
    expect(check).toEqual({
      kind: 'ok',
      questions: [
        { campaignId: 'Spring Survey', type: 'Select Option', title: 'Do you smoke?', options: 'Yes, No', optionalValue: 'Respondent', instruction: 'Ask politely' },
        { campaignId: 'Spring Survey', type: 'Textarea', title: 'Comments', options: '', optionalValue: null, instruction: null },
      ],
    });
  });
});
