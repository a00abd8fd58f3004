import { describe, expect, it } from 'vitest';
import { describeAttachments, hasAttachments } from './attachments.ts';

describe('what refuses a campaign delete', () => {
  it('names each kind of attachment with its count', () => {
    expect(describeAttachments('Spring Survey', { dataTable: false, leads: 0, questions: 12 })).toBe(
      'Campaign "Spring Survey" still has 12 questions. Delete them first.',
    );
    expect(describeAttachments('Spring Survey', { dataTable: false, leads: 0, questions: 1 })).toBe(
      'Campaign "Spring Survey" still has 1 question. Delete it first.',
    );
    expect(describeAttachments('Spring Survey', { dataTable: true, leads: 1250, questions: 9 })).toBe(
      'Campaign "Spring Survey" still has a data table, 9 questions and 1,250 leads. Delete those first.',
    );
    expect(describeAttachments('Spring Survey', { dataTable: true, leads: 3, questions: 0 })).toBe(
      'Campaign "Spring Survey" still has a data table and 3 leads. Delete those first.',
    );
  });

  it('counts questions as an attachment', () => {
    expect(hasAttachments({ dataTable: false, leads: 0, questions: 0 })).toBe(false);
    expect(hasAttachments({ dataTable: false, leads: 0, questions: 2 })).toBe(true);
    expect(hasAttachments({ dataTable: false, leads: 1, questions: 0 })).toBe(true);
    expect(hasAttachments({ dataTable: true, leads: 0, questions: 0 })).toBe(true);
  });
});
