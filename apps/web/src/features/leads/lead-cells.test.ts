// The lead browser's state cells: a regenerated lead names its batch, answers come in question order.
import { describe, expect, it } from 'vitest';
import type { TLead, TLeadCallSummary } from '@crm/shared';
import { answersText, callsById, callsText, completedText, generatedText, lastDispositionText } from './lead-cells.ts';

const lead = (extra: TLead): TLead => ({
  id: 1,
  cell_number: '+8801711000001',
  for_d: '',
  generate_status: 0,
  is_called: 0,
  ...extra,
});

describe('lead cells', () => {
  it('tells fresh, generated and regenerated leads apart', () => {
    expect(generatedText(lead({}))).toBe('No');
    expect(generatedText(lead({ for_d: 'd', generate_status: 1 }))).toBe('Yes');
    expect(generatedText(lead({ for_d: 'd', generate_status: 3 }))).toBe('Yes, regenerate batch 3');
  });

  it('shows a completed lead as completed, whether is_called comes as a number or text', () => {
    expect(completedText(lead({ is_called: 1 }))).toBe('Yes');
    expect(completedText(lead({ is_called: '1' }))).toBe('Yes');
    expect(completedText(lead({}))).toBe('No');
  });

  it('counts the calls of a lead and names the last disposition; nothing is claimed without the figures', () => {
    const calls = (attempts: number, last: string | null, name: string | null): TLeadCallSummary => ({
      leadId: 1,
      attempts,
      lastDisposition: last,
      lastDispositionName: name,
      lastAgentId: last === null ? null : 'AG-1001',
      lastCallAt: last === null ? null : '2026-11-18T04:00:00.000Z',
    });
    expect(callsText(calls(0, null, null))).toBe('Not called');
    expect(callsText(calls(1, 'NI', 'Not interested'))).toBe('1 call');
    expect(callsText(calls(3, 'NI', 'Not interested'))).toBe('3 calls');
    expect(callsText(undefined)).toBe('—');
    expect(lastDispositionText(calls(3, 'NI', 'Not interested'))).toBe('Not interested');
    expect(lastDispositionText(calls(3, 'NI', null))).toBe('NI');
    expect(lastDispositionText(calls(0, null, null))).toBe('—');
    expect(callsById([calls(2, 'NI', 'Not interested')]).get(1)?.attempts).toBe(2);
  });

  it('lists answers by question number, skipping blanks, and counts the rest', () => {
    expect(answersText(lead({}))).toBe('—');
    expect(answersText(lead({ Q10: 'Later', Q2: 'No', Q1: 'Yes', Q3: '', Q4: null }))).toBe(
      'Q1: Yes · Q2: No (+1 more)',
    );
    expect(answersText(lead({ Q2: 5 }))).toBe('Q2: 5');
  });
});
