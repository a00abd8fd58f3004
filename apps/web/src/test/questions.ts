// Test support: a survey question as the server sends it, Q<id> of campaign 'Mobile' unless `over` says otherwise.
import type { TQuestion } from '@crm/shared';

export const testQuestion = (
  id: number,
  type: TQuestion['type'],
  options = '',
  over: Partial<TQuestion> = {},
): TQuestion => ({
  id,
  qno: `Q${id}`,
  campaignId: 'Mobile',
  title: `Question ${id}`,
  type,
  options,
  optionalValue: null,
  instruction: null,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  ...over,
});
