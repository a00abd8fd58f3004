// The agent's screen fills a question's text from the lead and the answers given so far in this call.
import { describe, expect, it } from 'vitest';
import type { TLead, TQuestion } from '@crm/shared';
import { callFillSource, callQuestionText, shownAnswerText } from './call-text.ts';

const q = (id: number, qno: string, over: Partial<TQuestion> = {}): TQuestion => ({
  id,
  qno,
  campaignId: 'Tea',
  title: '',
  type: 'Select Option',
  options: 'Yes, No',
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
const Q1 = q(11, 'Q1');
const Q2 = q(12, 'Q2', { type: 'Multi Select Option', options: 'Tea, Coffee, Milk' });
const Q3 = q(13, 'Q3', {
  title: '{respondent_name} chose {Q1} and {Q2}',
  options: 'Keep {brand}, Change',
  instruction: 'Mention {Outlet name}',
});
const byId = new Map([Q1, Q2, Q3].map((x) => [x.id, x]));
const LEAD: TLead = {
  id: 1,
  respondent_name: 'করিম',
  brand: 'Gold Leaf',
  'Outlet name': 'Corner Shop',
  Q1: 'No',
  Q2: null,
};

describe('callQuestionText', () => {
  it("fills the lead's values and this call's answers, a multi-select as stored", () => {
    const run = { path: [11, 12, 13], answers: { 11: 'Yes', 12: ['Tea', 'Milk'] } };
    expect(callQuestionText(Q3, callFillSource(LEAD, byId, run))).toEqual({
      titleFilled: 'করিম chose Yes and Tea, Milk',
      optionsFilled: ['Keep Gold Leaf', 'Change'],
      instructionFilled: 'Mention Corner Shop',
    });
  });

  it('falls back to the answer stored on the lead, then the stand-in, for questions not answered in this call', () => {
    const run = { path: [13], answers: {} };
    expect(callQuestionText(Q3, callFillSource(LEAD, byId, run)).titleFilled).toBe('করিম chose No and —');
  });

  it('leaves out answers of questions the call went back from', () => {
    // Q2 was answered, then the agent went back to Q1: the path no longer holds Q2.
    const run = { path: [11], answers: { 11: 'Yes', 12: ['Coffee'] } };
    expect(callFillSource(LEAD, byId, run).answers).toEqual({ Q1: 'Yes' });
  });
});

describe('shownAnswerText', () => {
  it("shows a chosen option with the lead's values filled in, and typed text as typed", () => {
    expect(shownAnswerText(Q3, 'Keep {brand}', LEAD)).toBe('Keep Gold Leaf');
    expect(shownAnswerText({ type: 'Multi Select Option' }, ['Keep {brand}', 'Change'], LEAD)).toBe(
      'Keep Gold Leaf, Change',
    );
    expect(shownAnswerText({ type: 'Text Input' }, 'call {brand} later', LEAD)).toBe('call {brand} later');
    expect(shownAnswerText(Q3, undefined, LEAD)).toBeNull();
  });
});
