// A draft checked by the shared schema: the server's words, under the fields they name and in one list saying where.
import { describe, expect, it } from 'vitest';
import { checkDraft, fieldId, problemsByPath, problemsUnder } from './draft-problems.ts';
import { draftReducer, newDraft, type TDraft } from './scorecard-draft.ts';

function weighted(): TDraft {
  let d = newDraft();
  d = draftReducer(d, { type: 'set', field: 'name', value: 'Client form' });
  d = draftReducer(d, { type: 'set', field: 'scoringMode', value: 'weighted' });
  d = draftReducer(d, { type: 'setSection', s: 0, patch: { name: 'Opening', weight: 60 } });
  d = draftReducer(d, { type: 'setCriterion', s: 0, c: 0, patch: { name: 'Greeting', question: 'Greeted?' } });
  d = draftReducer(d, { type: 'addSection' });
  d = draftReducer(d, { type: 'setSection', s: 1, patch: { name: 'Close', weight: 30 } });
  return draftReducer(d, { type: 'setCriterion', s: 1, c: 0, patch: { name: 'Thanks', question: 'Thanked?' } });
}

describe('checkDraft', () => {
  it('accepts a whole draft and gives the definition to send', () => {
    const check = checkDraft(draftReducer(weighted(), { type: 'setSection', s: 1, patch: { weight: 40 } }));
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.definition.sections.map((s) => s.weight)).toEqual([60, 40]);
  });

  it("refuses weights that do not add up to 100 in the server's words, for the whole scorecard", () => {
    const check = checkDraft(weighted());
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([{ path: '', where: '', message: 'The section weights add up to 90, not 100' }]);
  });

  it('names the field and where it is for a field problem', () => {
    let d = draftReducer(weighted(), { type: 'setSection', s: 1, patch: { weight: 40 } });
    d = draftReducer(d, { type: 'setCriterion', s: 1, c: 0, patch: { name: '' } });
    d = draftReducer(d, { type: 'setChoice', s: 1, c: 0, i: 1, patch: { label: 'Yes' } });
    const check = checkDraft(d);
    const byPath = problemsByPath(check.problems);
    expect(byPath['sections.1.criteria.0.name']).toBe('A criterion name is required');
    expect(byPath['sections.1.criteria.0.choices']).toBe(': the choice "Yes" is there twice');
    expect(check.problems.find((p) => p.path === 'sections.1.criteria.0.name')?.where).toBe(
      'Section "Close" › criterion 1',
    );
    expect(problemsUnder(byPath, 'sections.1.criteria.0')).toEqual({
      name: 'A criterion name is required',
      choices: ': the choice "Yes" is there twice',
    });
  });

  it('says a marks value that is no number is not a number, and an empty one likewise', () => {
    const d = draftReducer(weighted(), { type: 'setChoice', s: 0, c: 0, i: 0, patch: { marks: '' } });
    expect(problemsByPath(checkDraft(d).problems)['sections.0.criteria.0.choices.0.marks']).toBe(
      "A choice's marks must be a number",
    );
  });

  it('makes an element id of a path', () => {
    expect(fieldId('sections.1.criteria.0.name')).toBe('scorecard-field-sections-1-criteria-0-name');
  });
});
