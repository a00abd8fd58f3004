import { describe, expect, it } from 'vitest';
import type { TQuestion, TShowIf } from '@crm/shared';
import {
  draftOf,
  emptyRow,
  operatorsFor,
  showIfOf,
  subjectChoices,
  subjectOf,
  valueOptions,
  type TConditionDraft,
} from './condition-form.ts';

const q = (id: number, qno: string, type: TQuestion['type'], options = ''): TQuestion => ({
  id,
  qno,
  campaignId: 'C',
  title: `Title ${qno}`,
  type,
  options,
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '',
});
const Q1 = q(1, 'Q1', 'Select Option', 'Yes, No');
const Q2 = q(2, 'Q2', 'Number');
const Q10 = q(10, 'Q10', 'Text Input');

describe('the condition editor model', () => {
  it("offers the earlier questions (in qno order) and the lead fields, the campaign's own columns included", () => {
    const choices = subjectChoices(Q10, [Q10, Q2, Q1], ['Outlet name']);
    expect(choices.filter((c) => c.group === 'Earlier answers').map((c) => c.label)).toEqual([
      'Q1. Title Q1',
      'Q2. Title Q2',
    ]);
    expect(choices.filter((c) => c.group === 'Lead fields').map((c) => c.label)).toEqual(
      expect.arrayContaining(['respondent_name', 'region', 'brand', 'Outlet name']),
    );
    expect(choices.map((c) => c.label)).not.toContain('for_d');
    expect(subjectChoices(Q1, [Q1, Q2], []).some((c) => c.group === 'Earlier answers')).toBe(false);
  });
  it("offers greater/less than only on a Number question, and a choice question's options as values", () => {
    const [c1, c2] = subjectChoices(Q10, [Q1, Q2], []);
    expect(operatorsFor(c2)).toContain('gt');
    expect(operatorsFor(c1)).not.toContain('gt');
    expect(valueOptions(c1)).toEqual(['Yes', 'No']);
    expect(valueOptions(c2)).toBeNull();
    expect(subjectOf('q:2')).toEqual({ kind: 'answer', questionId: 2 });
    expect(subjectOf('f:Outlet name')).toEqual({ kind: 'field', name: 'Outlet name' });
    expect(subjectOf('')).toBeNull();
  });
  it('turns the rows into the condition, and back', () => {
    const showIf: TShowIf = {
      join: 'or',
      items: [
        { subject: { kind: 'answer', questionId: 1 }, operator: 'is', value: 'Yes' },
        {
          join: 'and',
          items: [
            { subject: { kind: 'field', name: 'region' }, operator: 'anyOf', values: ['Dhaka', 'Khulna'] },
            { subject: { kind: 'answer', questionId: 2 }, operator: 'gt', number: 5 },
            { subject: { kind: 'answer', questionId: 1 }, operator: 'notAnswered' },
          ],
        },
      ],
    };
    expect(showIfOf(draftOf(showIf))).toEqual({ ok: true, showIf });
  });
  it('says what each row still lacks', () => {
    const draft: TConditionDraft = {
      join: 'and',
      items: [
        { kind: 'row', row: emptyRow() },
        { kind: 'row', row: { subject: 'q:1', operator: 'is', value: ' ', values: [] } },
        {
          kind: 'group',
          group: {
            join: 'or',
            rows: [
              { subject: 'q:2', operator: 'gt', value: 'five', values: [] },
              { subject: 'f:region', operator: 'anyOf', value: '', values: [] },
            ],
          },
        },
        { kind: 'group', group: { join: 'or', rows: [] } },
      ],
    };
    expect(showIfOf(draft)).toEqual({
      ok: false,
      problems: [
        'Row 1: choose what to compare.',
        'Row 2: enter the value.',
        'Group 3, row 1: enter a number.',
        'Group 3, row 2: choose at least one value.',
        'Group 4: add a comparison or remove the group.',
      ],
    });
    expect(showIfOf({ join: 'and', items: [] })).toEqual({
      ok: false,
      problems: ['Add a comparison, or remove the condition.'],
    });
  });
});
