// Test data of the QC panel's tests: a campaign question as the server sends it.
import type { TQuestion } from '@crm/shared';

export const question = (
  id: number,
  qno: string,
  title: string,
  type: TQuestion['type'],
  options = '',
  status = true,
): TQuestion => ({
  id,
  qno,
  campaignId: 'Spring Survey',
  title,
  type,
  options,
  optionalValue: null,
  instruction: null,
  status,
  createAt: '2026-01-01T00:00:00.000Z',
});
