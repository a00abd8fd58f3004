// The lead browser's state cells: a regenerated lead names its batch, answers come in question order.
import { describe, expect, it } from 'vitest';
import type { TLead } from '@crm/shared';
import { answersText, calledText, generatedText } from './lead-cells.ts';

const lead = (extra: TLead): TLead => ({ id: 1, cell_number: '+8801711000001', for_d: '', generate_status: 0, is_called: 0, ...extra });

describe('lead cells', () => {
  it('tells fresh, generated and regenerated leads apart', () => {
    expect(generatedText(lead({}))).toBe('No');
    expect(generatedText(lead({ for_d: 'd', generate_status: 1 }))).toBe('Yes');
    expect(generatedText(lead({ for_d: 'd', generate_status: 3 }))).toBe('Yes, regenerate batch 3');
  });

  it('shows a called lead as called, whether is_called comes as a number or text', () => {
    expect(calledText(lead({ is_called: 1 }))).toBe('Yes');
    expect(calledText(lead({ is_called: '1' }))).toBe('Yes');
    expect(calledText(lead({}))).toBe('No');
  });

  it('lists answers by question number, skipping blanks, and counts the rest', () => {
    expect(answersText(lead({}))).toBe('—');
    expect(answersText(lead({ Q10: 'Later', Q2: 'No', Q1: 'Yes', Q3: '', Q4: null }))).toBe('Q1: Yes · Q2: No (+1 more)');
    expect(answersText(lead({ Q2: 5 }))).toBe('Q2: 5');
  });
});
