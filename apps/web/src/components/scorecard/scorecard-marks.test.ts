// The scoring form's marks: where an inspector starts, which key picks which choice, when a comment is asked for, and
// the server's refusal field turned back into the criterion it names.
import { describe, expect, it } from 'vitest';
import { THREE_SECTIONS } from '../../test/scorecard-test-data.ts';
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

const criterion = (key: string) => THREE_SECTIONS.sections.flatMap((s) => s.criteria).find((c) => c.key === key)!;

describe('scorecard marks', () => {
  it('starts every criterion at its best choice, with no comments', () => {
    expect(bestMarksOf(THREE_SECTIONS)).toEqual([
      { key: 'greet', choice: 'Yes', comment: '' },
      { key: 'listen', choice: 'Good', comment: '' },
      { key: 'solve', choice: 'Yes', comment: '' },
      { key: 'compliance', choice: 'Yes', comment: '' },
      { key: 'wrapup', choice: 'Yes', comment: '' },
    ]);
    expect(problemsOf(THREE_SECTIONS, bestMarksOf(THREE_SECTIONS))).toEqual({});
  });

  it('picks choices 1–9 left to right and N/A with 0 or N only where allowed', () => {
    expect(choiceForKey(criterion('listen'), '2')).toBe('Fair');
    expect(choiceForKey(criterion('listen'), '4')).toBeUndefined();
    expect(choiceForKey(criterion('listen'), 'n')).toBeUndefined();
    expect(choiceForKey(criterion('greet'), '0')).toBeNull();
    expect(choiceForKey(criterion('greet'), 'N')).toBeNull();
    expect(choiceForKey(criterion('greet'), 'x')).toBeUndefined();
  });

  it('asks for a comment below the best mark where the scorecard requires one, and names the criterion', () => {
    const fair = withChoice(bestMarksOf(THREE_SECTIONS), 'listen', 'Fair');
    expect(needsComment(criterion('listen'), fair[1])).toBe(true);
    expect(commentShown(criterion('listen'), fair[1])).toBe(true);
    expect(problemsOf(THREE_SECTIONS, fair)).toEqual({
      listen: 'Active listening needs a comment when it is not at its best mark',
    });
    const explained = withComment(fair, 'listen', ' Talked over the customer ');
    expect(needsComment(criterion('listen'), explained[1])).toBe(false);
    expect(marksToSend(THREE_SECTIONS, explained)[1]).toEqual({
      key: 'listen',
      choice: 'Fair',
      comment: 'Talked over the customer',
    });
  });

  it('reads the criterion out of a refusal field', () => {
    expect(criterionOfField('scorecard.marks.listen')).toBe('listen');
    expect(criterionOfField('scorecard.marks')).toBeNull();
    expect(criterionOfField(undefined)).toBeNull();
  });
});
