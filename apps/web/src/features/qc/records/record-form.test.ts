// The edit form's pure rules: read from either kind of record, the live total and grade at the band edges, the PUT
// bodies the server accepts (Marks-suffixed for the client), and a stored mark off its scale named.
import { describe, expect, it } from 'vitest';
import { ZQcClientRecordEdit, ZQcRecordEdit } from '@crm/shared';
import { BEST_SCORES, clientRecord, inHouseRecord } from '../../../test/qc-test-data.ts';
import {
  formFromRecord,
  formatDuration,
  offScaleCriteria,
  scoreOf,
  toClientEdit,
  toInHouseEdit,
} from './record-form.ts';

describe('formFromRecord', () => {
  it('reads the in-house fields, a stored "yes" as the panel\'s "Yes"', () => {
    const form = formFromRecord(
      inHouseRecord({ fatalReason: 'Rude', suggestion: 'Be kind' }, { pace: 5, fatal: -100 }),
    );
    expect(form.scores.pace).toBe(5);
    expect(form.scores.fatal).toBe(-100);
    expect(form.scores.greetings).toBe(0);
    expect(form).toMatchObject({ fatalReason: 'Rude', easVoiceMatched: 'Yes', suggestion: 'Be kind' });
  });

  it("keeps an older record's own EAS words", () => {
    expect(formFromRecord(inHouseRecord({ easVoiceMatchedWithReport: 'Partly' })).easVoiceMatched).toBe('Partly');
    expect(formFromRecord(inHouseRecord({ easVoiceMatchedWithReport: '' })).easVoiceMatched).toBe('');
  });

  it('reads the Marks-suffixed fields of a client record', () => {
    const form = formFromRecord(
      clientRecord({ suggestionMarks: 'Client says hi', fatalReasonMarks: 'none' }, { crm: 10 }),
    );
    expect(form.scores.crm).toBe(10);
    expect(form.scores.liveliness).toBe(10);
    expect(form).toMatchObject({ fatalReason: 'none', easVoiceMatched: 'No', suggestion: 'Client says hi' });
  });
});

describe('scoreOf', () => {
  const withTotal = (crm: number, pace: number, closing: number) =>
    formFromRecord(inHouseRecord({}, { crm, pace, closing }));

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
  const form = {
    scores: { ...BEST_SCORES, pace: 5 },
    fatalReason: '  none ',
    easVoiceMatched: 'No',
    suggestion: ' Breathe. ',
  };

  it('editqc: the id, the version loaded, the 14 marks and the trimmed texts, no total or grade', () => {
    const body = toInHouseEdit(11, 3, form);
    expect(body).toMatchObject({
      id: 11,
      version: 3,
      pace: 5,
      greetings: 0,
      crm: 20,
      fatalReason: 'none',
      easVoiceMatchedWithReport: 'No',
      suggestion: 'Breathe.',
    });
    expect(body).not.toHaveProperty('total');
    expect(body).not.toHaveProperty('agentGrade');
    expect(ZQcRecordEdit.safeParse(body).success).toBe(true);
  });

  it('edit-Client-Qc: the same under the Marks names, which the server accepts', () => {
    const body = toClientEdit(21, 3, form);
    expect(body).toMatchObject({
      id: 21,
      version: 3,
      paceMarks: 5,
      crmMarks: 20,
      fatalReasonMarks: 'none',
      easVoiceMatchedWithReportMarks: 'No',
      suggestionMarks: 'Breathe.',
    });
    expect(body).not.toHaveProperty('pace');
    expect(Object.keys(body).filter((k) => k.endsWith('Marks'))).toHaveLength(17);
    expect(ZQcClientRecordEdit.safeParse(body).success).toBe(true);
  });
});

describe('marks off the scale', () => {
  it('names each criterion whose stored marks no scale allows', () => {
    const form = formFromRecord(inHouseRecord({}, { pace: 7 }));
    expect(offScaleCriteria(form).map((c) => c.name)).toEqual(['Pace']);
    expect(offScaleCriteria(formFromRecord(inHouseRecord()))).toEqual([]);
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
