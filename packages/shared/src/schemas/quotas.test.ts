import { describe, expect, it } from 'vitest';
import { ZQuotaBody, quotaFullMessage } from './quotas.ts';

describe('quotas', () => {
  it('words the full message with the field, or the Q number of a question', () => {
    expect(quotaFullMessage({ field: 'region', questionNo: null, value: 'Dhaka' })).toBe(
      'Quota full for region = Dhaka',
    );
    expect(quotaFullMessage({ field: null, questionNo: 3, value: 'Yes' })).toBe('Quota full for Q3 = Yes');
  });

  it('takes exactly one of field or questionNo, a value and a whole limit above 0', () => {
    expect(ZQuotaBody.safeParse({ field: 'region', value: ' Dhaka ', limit: 3 }).data).toEqual({
      field: 'region',
      value: 'Dhaka',
      limit: 3,
    });
    expect(ZQuotaBody.safeParse({ questionNo: 3, value: 'Yes', limit: 1 }).success).toBe(true);
    expect(
      ZQuotaBody.safeParse({ field: 'region', questionNo: 3, value: 'Yes', limit: 1 }).error?.issues[0]?.message,
    ).toBe('Give either a lead field or a question, not both.');
    expect(ZQuotaBody.safeParse({ value: 'Yes', limit: 1 }).success).toBe(false);
    expect(ZQuotaBody.safeParse({ field: 'region', value: '  ', limit: 1 }).error?.issues[0]?.message).toBe(
      'value is required',
    );
    for (const limit of [0, -1, 1.5])
      expect(ZQuotaBody.safeParse({ field: 'region', value: 'Dhaka', limit }).error?.issues[0]?.message).toBe(
        'limit must be a whole number above 0',
      );
  });
});
