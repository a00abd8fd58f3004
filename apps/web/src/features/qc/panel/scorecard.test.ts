// The scorecard: each column starts at the best marks (100), totals and grades per column follow docs/product.md §5/§9, and the
// bodies of add and addforclient carry the right names.
import { describe, expect, it } from 'vitest';
import { QC_CRITERIA, QC_CRITERION_KEYS, ZQcClientRecordCreate, ZQcRecordCreate } from '@crm/shared';
import {
  clientBody,
  columnResult,
  freshColumn,
  inHouseBody,
  isUntouched,
  withScore,
  type TScoredCall,
} from './scorecard.ts';

const CALL: TScoredCall = {
  callDate: '2026-11-19',
  campaignName: 'Spring Survey',
  consumerNumber: '01712345678',
  agentId: 'AG-1001',
  duration: 42,
};

describe('a score column', () => {
  it('starts at every criterion’s best mark: total 100, Exceed Expectation', () => {
    const column = freshColumn();
    expect(QC_CRITERIA.every((c) => c.scale.some((s) => s.marks === column.scores[c.key]))).toBe(true);
    expect(columnResult(column)).toEqual({ total: 100, grade: 'Exceed Expectation' });
    expect(isUntouched(column)).toBe(true);
  });

  it('totals the 14 criteria of its own column and grades at 90 / 80 / 70', () => {
    let column = freshColumn();
    column = withScore(column, 'liveliness', 5); // 95
    column = withScore(column, 'greetings', -5); // 90
    expect(columnResult(column)).toEqual({ total: 90, grade: 'Exceed Expectation' });
    column = withScore(column, 'crm', 10); // 80
    expect(columnResult(column)).toEqual({ total: 80, grade: 'Meet Expectation' });
    column = withScore(column, 'pace', 0); // 70
    expect(columnResult(column)).toEqual({ total: 70, grade: 'Average Expectation' });
    column = withScore(column, 'closing', -5); // 65
    expect(columnResult(column)).toEqual({ total: 65, grade: 'Below Expectation' });
    expect(isUntouched(column)).toBe(false);
    // the other column is untouched
    expect(columnResult(freshColumn()).total).toBe(100);
  });

  it('leaves the texts out of the total', () => {
    const column = { ...freshColumn(), fatalReason: 'Rude', suggestion: 'Be polite', easVoiceMatched: 'No' as const };
    expect(columnResult(column).total).toBe(100);
    expect(isUntouched(column)).toBe(false);
  });

  it('reaches -135 at worst', () => {
    let column = freshColumn();
    for (const c of QC_CRITERIA) column = withScore(column, c.key, Math.min(...c.scale.map((s) => s.marks)));
    expect(columnResult(column)).toEqual({ total: -135, grade: 'Below Expectation' });
  });
});

describe('the record bodies', () => {
  it('sends the in-house column under the plain names, which the server schema accepts', () => {
    const column = {
      ...withScore(freshColumn(), 'fatal', -100),
      fatalReason: ' Abusive ',
      easVoiceMatched: 'Yes' as const,
      suggestion: 'Coach',
    };
    const body = inHouseBody(CALL, column);
    expect(body).toMatchObject({
      ...CALL,
      fatal: -100,
      greetings: 0,
      crm: 20,
      fatalReason: 'Abusive',
      easVoiceMatchedWithReport: 'Yes',
      suggestion: 'Coach',
    });
    expect(ZQcRecordCreate.safeParse(body).success).toBe(true);
  });

  it('sends the client column under the Marks names, which the server schema accepts', () => {
    const column = { ...withScore(freshColumn(), 'pitch', 5), suggestion: 'Slow down' };
    const body = clientBody({ ...CALL, duration: null }, column);
    expect(body).toMatchObject({
      pitchMarks: 5,
      crmMarks: 20,
      suggestionMarks: 'Slow down',
      fatalReasonMarks: '',
      easVoiceMatchedWithReportMarks: '',
      duration: null,
    });
    for (const key of QC_CRITERION_KEYS) expect(body).not.toHaveProperty(key);
    expect(ZQcClientRecordCreate.safeParse(body).success).toBe(true);
  });
});
