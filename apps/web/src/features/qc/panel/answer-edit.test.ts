// Answers are paired with their questions by qno (never by position), a multi-select edit starts from its stored
// options, and a save sends only what changed (null clears an answer).
import { describe, expect, it } from 'vitest';
import { SURVEY_MESSAGES, type TLead } from '@crm/shared';
import { answerEditBody, answerEditProblems, answerRows, draftOf, storedFromDraft } from './answer-edit.ts';
import { question } from '../../../test/panel-test-data.ts';

// Sent out of order, with a Plain Text read-out and an inactive question without an answer.
const QUESTIONS = [
  question(10, 'Q10', 'Anything else?', 'Textarea'),
  question(2, 'Q2', 'Which brands?', 'Multi Select Option', 'Gold Leaf, Benson, Marlboro'),
  question(1, 'Q1', 'Do you smoke?', 'Select Option', 'Yes, No'),
  question(3, 'Q3', 'Read this out', 'Plain Text'),
  question(4, 'Q4', 'Age', 'Number'),
  question(5, 'Q5', 'Email', 'Email'),
  question(6, 'Q6', 'Old question', 'Text Input', '', false),
];

// The lead's keys in another order than the questions: pairing by position would mismatch every title.
const LEAD: TLead = {
  id: 7,
  cell_number: '+8801712345678',
  Q10: 'Fine',
  Q5: null,
  Q4: 34,
  Q2: 'Gold Leaf, Marlboro',
  Q1: 'Yes',
  Q9: 'Orphan answer',
};

describe('answerRows', () => {
  it('titles each answer by its qno, in qno order, without read-outs or unanswered inactive questions, then orphans', () => {
    const rows = answerRows(LEAD, QUESTIONS);
    expect(rows.map((r) => [r.qno, r.title, r.stored])).toEqual([
      ['Q1', 'Do you smoke?', 'Yes'],
      ['Q2', 'Which brands?', 'Gold Leaf, Marlboro'],
      ['Q4', 'Age', '34'],
      ['Q5', 'Email', null],
      ['Q10', 'Anything else?', 'Fine'],
      ['Q9', null, 'Orphan answer'],
    ]);
  });

  it("titles each answer with the question's text filled from the lead (its fields and stored answers)", () => {
    const lead: TLead = { id: 8, respondent_name: 'রহিম উদ্দিন', brand: null, Q1: 'Yes', Q2: 'Tea' };
    const rows = answerRows(lead, [
      question(1, 'Q1', 'May I speak with {respondent_name}?', 'Select Option', 'Yes, No'),
      question(2, 'Q2', 'After {Q1}: which {brand}?', 'Text Input'),
    ]);
    expect(rows.map((r) => r.title)).toEqual(['May I speak with রহিম উদ্দিন?', 'After Yes: which —?']);
  });

  it('shows an inactive question that has an answer', () => {
    expect(answerRows({ ...LEAD, Q6: 'kept' }, QUESTIONS).map((r) => r.qno)).toContain('Q6');
  });
});

describe('editing answers', () => {
  const rows = answerRows(LEAD, QUESTIONS);
  const drafts = () => Object.fromEntries(rows.filter((r) => r.question !== null).map((r) => [r.qno, draftOf(r)]));

  it('starts a multi-select from its stored options', () => {
    expect(drafts().Q2).toEqual(['Gold Leaf', 'Marlboro']);
    expect(drafts().Q5).toBe('');
  });

  it('sends nothing when nothing changed', () => {
    expect(answerEditBody(rows, drafts())).toEqual({});
    // only whitespace or the multi-select separator differs
    expect(answerEditBody(rows, { ...drafts(), Q10: ' Fine ', Q2: ['Gold Leaf ', 'Marlboro'] })).toEqual({});
  });

  it('sends only the changed Q keys, a multi-select joined with ", " and a cleared answer as null', () => {
    const body = answerEditBody(rows, {
      ...drafts(),
      Q1: 'No',
      Q2: ['Gold Leaf', 'Benson'],
      Q10: '',
      Q9: 'not editable',
    });
    expect(body).toEqual({ Q1: 'No', Q2: 'Gold Leaf, Benson', Q10: null });
  });

  it('names a changed answer the server would refuse', () => {
    const problems = answerEditProblems(rows, { ...drafts(), Q4: 'thirty', Q5: 'not-an-email', Q1: 'Maybe' });
    expect(problems).toEqual({
      Q4: SURVEY_MESSAGES.invalidNumber,
      Q5: SURVEY_MESSAGES.invalidEmail,
      Q1: '"Maybe" is not one of its options',
    });
    expect(answerEditProblems(rows, { ...drafts(), Q4: '35' })).toEqual({});
  });

  it('stores a draft trimmed, and an empty one as null', () => {
    expect(storedFromDraft('  x ')).toBe('x');
    expect(storedFromDraft([])).toBeNull();
    expect(storedFromDraft('   ')).toBeNull();
  });
});
