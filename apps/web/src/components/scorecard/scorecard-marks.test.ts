// The scoring form's marks: where an inspector starts, which key picks which choice, when a comment is asked for, and
// the server's refusal field turned back into the criterion it names.
import { describe, expect, it } from 'vitest';
import { CARE_FORM } from '../../test/scorecard-test-data.ts';
import {
  bestMarksOf,
  choiceForKey,
  commentShown,
  criterionOfField,
  marksToSend,
  needsComment,
  problemsOf,
  withChoice,
  withComment,
} from './scorecard-marks.ts';

const criterion = (key: string) => CARE_FORM.sections.flatMap((s) => s.criteria).find((c) => c.key === key)!;

describe('scorecard marks', () => {
  it('starts every criterion at its best choice, with no comments', () => {
    expect(bestMarksOf(CARE_FORM)).toEqual([
      { key: 'greeting', choice: 'Yes', comment: '' },
      { key: 'empathy', choice: 'Good', comment: '' },
      { key: 'hold', choice: 'Yes', comment: '' },
      { key: 'disclosure', choice: 'Read', comment: '' },
    ]);
    expect(problemsOf(CARE_FORM, bestMarksOf(CARE_FORM))).toEqual({});
  });

  it('picks choices 1–9 left to right and N/A with 0 or N only where allowed', () => {
    expect(choiceForKey(criterion('empathy'), '2')).toBe('Fair');
    expect(choiceForKey(criterion('empathy'), '4')).toBeUndefined();
    expect(choiceForKey(criterion('empathy'), 'n')).toBeUndefined();
    expect(choiceForKey(criterion('hold'), '0')).toBeNull();
    expect(choiceForKey(criterion('hold'), 'N')).toBeNull();
    expect(choiceForKey(criterion('hold'), 'x')).toBeUndefined();
  });

  it('asks for a comment below the best mark where the scorecard requires one, and names the criterion', () => {
    const fair = withChoice(bestMarksOf(CARE_FORM), 'empathy', 'Fair');
    expect(needsComment(criterion('empathy'), fair[1])).toBe(true);
    expect(commentShown(criterion('empathy'), fair[1])).toBe(true);
    expect(problemsOf(CARE_FORM, fair)).toEqual({ empathy: 'Empathy needs a comment when it is not at its best mark' });
    const explained = withComment(fair, 'empathy', ' Talked over the customer ');
    expect(needsComment(criterion('empathy'), explained[1])).toBe(false);
    expect(marksToSend(CARE_FORM, explained)[1]).toEqual({
      key: 'empathy',
      choice: 'Fair',
      comment: 'Talked over the customer',
    });
  });

  it('reads the criterion out of a refusal field', () => {
    expect(criterionOfField('scorecard.marks.empathy')).toBe('empathy');
    expect(criterionOfField('scorecard.marks')).toBeNull();
    expect(criterionOfField(undefined)).toBeNull();
  });
});
