// The edit form's pure rules: read from either kind of record, the live total and grade at the band edges, the PUT
// bodies the server accepts (Marks-suffixed for the client), and the choices limited to each criterion's scale.
import { describe, expect, it } from 'vitest';
import { QC_CRITERIA, ZQcClientReportEdit, ZQcReportEdit } from '@crm/shared';
import { BEST_SCORES, clientRecord, inHouseRecord } from './qc-test-data.ts';
import { easChoices, formFromRecord, formatDuration, markChoices, offScaleCriteria, scoreOf, toClientEdit, toInHouseEdit } from './record-form.ts';

const criterion = (key: string) => {
  const c = QC_CRITERIA.find((x) => x.key === key);
  if (c === undefined) throw new Error(key);
  return c;
};

describe('formFromRecord', () => {
  it('reads the in-house fields', () => {
    const form = formFromRecord(inHouseRecord({ fatalReason: 'Rude', suggestion: 'Be kind' }, { pace: 5, fatal: -100 }));
    expect(form.scores.pace).toBe(5);
    expect(form.scores.fatal).toBe(-100);
    expect(form.scores.greetings).toBe(0);
    expect(form).toMatchObject({ fatalReason: 'Rude', easVoiceMatchedWithReport: 'yes', suggestion: 'Be kind' });
  });

  it('reads the Marks-suffixed fields of a client record', () => {
    const form = formFromRecord(clientRecord({ suggestionMarks: 'Client says hi', fatalReasonMarks: 'none' }, { crm: 10 }));
    expect(form.scores.crm).toBe(10);
    expect(form.scores.liveliness).toBe(10);
    expect(form).toMatchObject({ fatalReason: 'none', easVoiceMatchedWithReport: 'no', suggestion: 'Client says hi' });
  });
});

describe('scoreOf', () => {
  const withTotal = (crm: number, pace: number, closing: number) => formFromRecord(inHouseRecord({}, { crm, pace, closing }));

  it('sums the 14 criteria and grades them at the band edges', () => {
    expect(scoreOf(formFromRecord(inHouseRecord()))).toEqual({ total: 100, grade: 'Exceed Expectation' });
    // 100 - 10 (CRM Need Improvement) = 90
    expect(scoreOf(withTotal(10, 10, 0))).toEqual({ total: 90, grade: 'Exceed Expectation' });
    // then Pace Need Improvement (-5), Pace No (-10), CRM No (-20) and Closing No (-5)
    expect(scoreOf(withTotal(10, 5, 0))).toEqual({ total: 85, grade: 'Meet Expectation' });
    expect(scoreOf(withTotal(10, 0, 0))).toEqual({ total: 80, grade: 'Meet Expectation' });
    expect(scoreOf(withTotal(0, 10, -5))).toEqual({ total: 75, grade: 'Average Expectation' });
    expect(scoreOf(withTotal(0, 5, -5))).toEqual({ total: 70, grade: 'Average Expectation' });
    expect(scoreOf(withTotal(0, 0, -5))).toEqual({ total: 65, grade: 'Below Expectation' });
  });

  it('leaves the texts out of the total, and a fatal call sinks it', () => {
    const form = { ...formFromRecord(inHouseRecord({}, { fatal: -100 })), fatalReason: '100', suggestion: '50' };
    expect(scoreOf(form)).toEqual({ total: 0, grade: 'Below Expectation' });
  });
});

describe('the PUT bodies', () => {
  const form = { scores: { ...BEST_SCORES, pace: 5 }, fatalReason: '  none ', easVoiceMatchedWithReport: 'no', suggestion: ' Breathe. ' };

  it('editqc: the id, the version loaded, the 14 marks and the trimmed texts, no total or grade', () => {
    const body = toInHouseEdit(11, 3, form);
    expect(body).toMatchObject({ id: 11, version: 3, pace: 5, greetings: 0, crm: 20, fatalReason: 'none', easVoiceMatchedWithReport: 'no', suggestion: 'Breathe.' });
    expect(body).not.toHaveProperty('total');
    expect(body).not.toHaveProperty('agentGrade');
    expect(ZQcReportEdit.safeParse(body).success).toBe(true);
  });

  it('edit-Client-Qc: the same under the Marks names, which the server accepts', () => {
    const body = toClientEdit(21, 3, form);
    expect(body).toMatchObject({ id: 21, version: 3, paceMarks: 5, crmMarks: 20, fatalReasonMarks: 'none', easVoiceMatchedWithReportMarks: 'no', suggestionMarks: 'Breathe.' });
    expect(body).not.toHaveProperty('pace');
    expect(Object.keys(body).filter((k) => k.endsWith('Marks'))).toHaveLength(17);
    expect(ZQcClientReportEdit.safeParse(body).success).toBe(true);
  });
});

describe('the choices', () => {
  it('offers exactly a criterion’s scale, labelled with its marks', () => {
    expect(markChoices(criterion('crm'), 20)).toEqual([
      { value: '20', label: 'Yes (20)' },
      { value: '10', label: 'Need Improvement (10)' },
      { value: '0', label: 'No (0)' },
    ]);
    expect(markChoices(criterion('greetings'), 0).map((c) => c.value)).toEqual(['0', '-5']);
    expect(markChoices(criterion('fatal'), 0).map((c) => c.value)).toEqual(['-100', '0']);
  });

  it('shows a stored value off the scale as a disabled choice, and names the criterion', () => {
    const choices = markChoices(criterion('pace'), 7);
    expect(choices[0]).toEqual({ value: '7', label: '7 (not on the scale: choose another)', disabled: true });
    expect(choices).toHaveLength(4);
    const form = formFromRecord(inHouseRecord({}, { pace: 7 }));
    expect(offScaleCriteria(form).map((c) => c.name)).toEqual(['Pace']);
    expect(offScaleCriteria(formFromRecord(inHouseRecord()))).toEqual([]);
  });

  it('keeps an older free-text EAS answer selectable', () => {
    expect(easChoices('yes').map((c) => c.value)).toEqual(['', 'yes', 'no']);
    expect(easChoices('Partly').map((c) => c.value)).toEqual(['', 'yes', 'no', 'Partly']);
  });
});

describe('formatDuration', () => {
  it('writes whole seconds as m:ss, and a dash when never played', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(95)).toBe('1:35');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
