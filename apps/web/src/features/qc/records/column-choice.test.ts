// The remembered column choice of the QC record lists: defaults on a first visit or an unreadable value, the
// columns' own order, and unknown names dropped.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMN_CHOICE,
  parseColumnChoice,
  serializeColumnChoice,
  toggleColumnChoice,
} from './column-choice.ts';

describe('column choice', () => {
  it('shows the defaults when nothing or nothing readable is stored', () => {
    expect(parseColumnChoice(null)).toEqual(DEFAULT_COLUMN_CHOICE);
    expect(parseColumnChoice('')).toEqual(DEFAULT_COLUMN_CHOICE);
    expect(parseColumnChoice('{not json')).toEqual(DEFAULT_COLUMN_CHOICE);
    expect(parseColumnChoice('{"criteria":true}')).toEqual(DEFAULT_COLUMN_CHOICE);
  });

  it('keeps a stored choice in the columns order, dropping names it does not know', () => {
    expect(parseColumnChoice('["eas","criteria","campaign",3]')).toEqual(['criteria', 'eas']);
    expect(parseColumnChoice('[]')).toEqual([]);
  });

  it('round-trips a choice and toggles one column', () => {
    const choice = toggleColumnChoice(DEFAULT_COLUMN_CHOICE, 'criteria', true);
    expect(choice).toEqual(['scores', 'suggestion', 'criteria']);
    expect(parseColumnChoice(serializeColumnChoice(choice))).toEqual(choice);
    expect(toggleColumnChoice(choice, 'scores', false)).toEqual(['suggestion', 'criteria']);
  });
});
