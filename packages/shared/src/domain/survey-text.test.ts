import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_STAND_IN,
  fillQuestionText,
  fillSurveyText,
  questionTextProblems,
  surveyTextParts,
  textPlaceholders,
  unknownPlaceholders,
} from './survey-text.ts';

const lead = {
  respondent_name: 'রহিম উদ্দিন',
  brand: 'Gold Leaf',
  region: 'Dhaka',
  'Outlet name': 'মায়ের দোকান',
  did: null,
  Q1: 'Yes',
  Q2: 'Tea, Coffee',
  Q3: '',
};

describe('textPlaceholders', () => {
  it('finds lead fields (spaces kept) and earlier answers, each once, in order of first use', () => {
    expect(textPlaceholders('{Brand}: is {respondent_name} at {Outlet name}? ({brand}, {q2}, {Q02})')).toEqual([
      { kind: 'field', name: 'Brand' },
      { kind: 'field', name: 'respondent_name' },
      { kind: 'field', name: 'Outlet name' },
      { kind: 'answer', qno: 'Q2' },
    ]);
  });

  it('leaves {{, an empty brace and a lone brace as plain text', () => {
    expect(textPlaceholders('Say {{brand}} or {} or { } or {brand with no end')).toEqual([]);
    expect(surveyTextParts('a {{x}} b {}')).toEqual([{ kind: 'plain', text: 'a {{x}} b {}' }]);
  });
});

describe('surveyTextParts', () => {
  it('cuts the text into plain text, fields and answers', () => {
    expect(surveyTextParts('Hello {respondent_name}, you said {Q3}.')).toEqual([
      { kind: 'plain', text: 'Hello ' },
      { kind: 'field', name: 'respondent_name', raw: '{respondent_name}' },
      { kind: 'plain', text: ', you said ' },
      { kind: 'answer', qno: 'Q3', raw: '{Q3}' },
      { kind: 'plain', text: '.' },
    ]);
  });

  it('gives a text without placeholders as one plain part, and an empty text as none', () => {
    expect(surveyTextParts('আপনি কি চা পান করেন?')).toEqual([{ kind: 'plain', text: 'আপনি কি চা পান করেন?' }]);
    expect(surveyTextParts('')).toEqual([]);
  });
});

describe('unknownPlaceholders', () => {
  const known = { columns: ['Outlet name', 'Shop Type'], qnos: ['Q1', 'Q2'] };

  it('accepts the default lead columns, the data table columns and existing questions, in any case', () => {
    expect(
      unknownPlaceholders('{RESPONDENT_NAME} {cell_number} {data_date} {outlet NAME} {shop type} {q1} {Q2}', known),
    ).toEqual([]);
  });

  it('names columns the campaign does not have and questions it does not have', () => {
    expect(unknownPlaceholders('{shop} at {Outlet} said {Q3} and {Q1}', known)).toEqual([
      { kind: 'field', name: 'shop' },
      { kind: 'field', name: 'Outlet' },
      { kind: 'answer', qno: 'Q3' },
    ]);
  });

  it('names a repeated unknown placeholder once', () => {
    expect(unknownPlaceholders('{shop} {Shop} {shop}', known)).toEqual([{ kind: 'field', name: 'shop' }]);
  });
});

describe('fillSurveyText', () => {
  it('fills lead fields, Bengali values and names with spaces, matched in any case', () => {
    expect(fillSurveyText('May I speak with {respondent_name} of {OUTLET NAME} ({Brand}, {region})?', { lead })).toBe(
      'May I speak with রহিম উদ্দিন of মায়ের দোকান (Gold Leaf, Dhaka)?',
    );
  });

  it('fills every use of a repeated placeholder', () => {
    expect(fillSurveyText('{brand}, {brand}, {brand}', { lead })).toBe('Gold Leaf, Gold Leaf, Gold Leaf');
  });

  it('shows the stand-in, never the braces, for an empty, missing or unknown value', () => {
    expect(fillSurveyText('[{did}] [{Q3}] [{territory}] [{shop}] [{Q9}]', { lead })).toBe(
      `[${PLACEHOLDER_STAND_IN}] [${PLACEHOLDER_STAND_IN}] [${PLACEHOLDER_STAND_IN}] [${PLACEHOLDER_STAND_IN}] [${PLACEHOLDER_STAND_IN}]`,
    );
    expect(fillSurveyText('{brand}', {})).toBe(PLACEHOLDER_STAND_IN);
  });

  it("fills earlier answers: the call's own first, then those stored on the lead; a multi-select as stored", () => {
    expect(fillSurveyText('{Q1} / {Q2}', { lead })).toBe('Yes / Tea, Coffee');
    expect(fillSurveyText('{Q1} / {Q2}', { lead, answers: { Q1: 'No', Q2: ['Milk', 'Water'] } })).toBe(
      'No / Milk, Water',
    );
    expect(fillSurveyText('{Q1}', { lead, answers: { Q1: undefined } })).toBe('Yes');
  });

  it("fills the lead fields an earlier answer's chosen option names, and leaves other braces an agent typed", () => {
    expect(fillSurveyText('You chose {Q1}', { lead, answers: { Q1: ['Yes {brand}', 'No'] } })).toBe(
      'You chose Yes Gold Leaf, No',
    );
    expect(fillSurveyText('Note: {Q4}', { lead, answers: { Q4: 'see {shop} and {Q1}' } })).toBe(
      'Note: see {shop} and {Q1}',
    );
  });

  it('keeps {{ and empty braces as written, and numbers as text', () => {
    expect(fillSurveyText('{{brand}} {} {id}', { lead: { id: 42, brand: 'X' } })).toBe('{{brand}} {} 42');
  });
});

describe('fillQuestionText', () => {
  it('fills the title, each option and the instruction', () => {
    const question = {
      title: 'Does {respondent_name} smoke {brand}?',
      options: 'Yes {brand}, No',
      instruction: 'Ask about {Outlet name}',
    };
    expect(fillQuestionText(question, { lead })).toEqual({
      titleFilled: 'Does রহিম উদ্দিন smoke Gold Leaf?',
      optionsFilled: ['Yes Gold Leaf', 'No'],
      instructionFilled: 'Ask about মায়ের দোকান',
    });
    expect(fillQuestionText({ title: 'Age?', options: '', instruction: null }, { lead }).instructionFilled).toBeNull();
  });
});

describe('questionTextProblems', () => {
  const known = { columns: ['Outlet name'], qnos: ['Q1'] };

  it('names each unknown placeholder, where it is and what the campaign has', () => {
    const problems = questionTextProblems(
      { qno: 'Q4', title: 'Is {shop} open?', options: 'Yes, No {Q7}', instruction: 'Say {Shop}' },
      known,
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^Unknown lead field "\{shop\}" in the title of Q4: the campaign's columns are .*respondent_name.*Outlet name$/,
    );
    expect(problems[1]).toBe('Unknown question "{Q7}" in option 2 ("No {Q7}") of Q4: the campaign\'s questions are Q1');
    expect(problems[2]).toMatch(/^Unknown lead field "\{Shop\}" in the instruction of Q4/);
  });

  it('finds nothing wrong with known names', () => {
    expect(
      questionTextProblems(
        { qno: 'Q2', title: 'Hi {respondent_name} at {outlet name}', options: 'Yes, No', instruction: '{Q1}' },
        known,
      ),
    ).toEqual([]);
  });
});
