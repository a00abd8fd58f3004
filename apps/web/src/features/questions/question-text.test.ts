import { describe, expect, it } from 'vitest';
import { questionDeleteConfirmation, questionDeletedNotice } from './question-text.ts';

describe('question delete words', () => {
  it("keeps docs/product.md §8's confirmation and says how many logic rules go with the question", () => {
    expect(questionDeleteConfirmation('Q3', 0)).toBe(
      "Do you really want to delete Q3's record? This process cannot be undone!",
    );
    expect(questionDeleteConfirmation('Q3', 1)).toBe(
      "Do you really want to delete Q3's record? 1 logic rule goes with it. This process cannot be undone!",
    );
    expect(questionDeleteConfirmation('Q3', 2)).toBe(
      "Do you really want to delete Q3's record? 2 logic rules go with it. This process cannot be undone!",
    );
    expect(questionDeleteConfirmation('Q3', 2, ['Q5 (show only if Q3 is "Yes")'])).toBe(
      'Q3 is used by the condition of Q5 (show only if Q3 is "Yes"): the delete is refused until that condition changes.',
    );
  });

  it('names the question, its campaign and the rules deleted with it', () => {
    expect(questionDeletedNotice('Q3', 'Spring Survey', 0)).toBe('Q3 of Spring Survey deleted.');
    expect(questionDeletedNotice('Q3', 'Spring Survey', 2)).toBe('Q3 of Spring Survey deleted, with 2 logic rules.');
  });
});
