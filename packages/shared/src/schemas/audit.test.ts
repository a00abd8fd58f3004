// An audit entry's changes as people read them: the same lines on /audit, on a QC record's history and in the CSV.
import { describe, expect, it } from 'vitest';
import { auditChangeLines, describeAuditChanges } from './audit.ts';

describe('describeAuditChanges', () => {
  it('writes a changed field as before → after, a created or deleted one as its value', () => {
    expect(
      describeAuditChanges({ before: { status: true, callTarget: 40 }, after: { status: false, callTarget: 55 } }),
    ).toEqual(['status: true → false', 'callTarget: 40 → 55']);
    expect(describeAuditChanges({ after: { campaignName: 'Spring' } })).toEqual(['campaignName: Spring']);
    expect(describeAuditChanges({ before: { total: 90 } })).toEqual(['total: 90']);
  });

  it('shows nothing as —, an empty text as "", and other values as JSON', () => {
    expect(
      describeAuditChanges({ before: { phone: null, note: '' }, after: { phone: '01712345678', note: 'x' } }),
    ).toEqual(['phone: — → 01712345678', 'note: "" → x']);
    expect(describeAuditChanges({ after: { columns: ['shop', 'tier'] } })).toEqual(['columns: ["shop","tier"]']);
  });

  it('adds the counts with thousands separators, then the note alone', () => {
    expect(describeAuditChanges({ counts: { leads: 1250, rejected: 0 }, note: 'password changed' })).toEqual([
      'leads: 1,250',
      'rejected: 0',
      'password changed',
    ]);
    expect(auditChangeLines({ note: 'password changed' })).toEqual([{ field: '', text: 'password changed' }]);
    expect(describeAuditChanges({})).toEqual([]);
  });
});
