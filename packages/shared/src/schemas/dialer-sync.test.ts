import { describe, expect, it } from 'vitest';
import { ZDialerSettingsInput } from './dialer-sends.ts';
import { dialerPullsText, dncSentWarning } from './dialer-sync.ts';

describe('dncSentWarning', () => {
  it('names each list and day once, and nothing when nothing was sent', () => {
    expect(dncSentWarning([{ listId: '1001', sentOn: '2026-11-18' }])).toBe(
      'sent to VICIdial list 1001 on 2026-11-18: it will be pulled',
    );
    expect(
      dncSentWarning([
        { listId: '1001', sentOn: '2026-11-18' },
        { listId: '1001', sentOn: '2026-11-18' },
        { listId: '2002', sentOn: '2026-11-19' },
      ]),
    ).toBe('sent to VICIdial list 1001 on 2026-11-18, list 2002 on 2026-11-19: it will be pulled');
    expect(dncSentWarning([])).toBeNull();
  });
});

describe('dialerPullsText', () => {
  it('says the counts as the screens show them', () => {
    expect(dialerPullsText({ done: 1234, waiting: 1, refused: 0 })).toBe(
      'pulled from the dialer: 1,234, waiting: 1, refused: 0',
    );
  });
});

describe('ZDialerSettingsInput: quotaStatus and the VICIdial campaign id', () => {
  const base = {
    campaignName: 'Spring Survey',
    listId: '1001',
    duplicateCheck: 'NONE',
    dncCheck: false,
    campaignDncCheck: false,
    vicidialCampaignId: null,
    rate: 0,
  } as const;
  it('takes a quota status of 1 to 6 letters or digits, in capitals, and leaves it out when omitted', () => {
    expect(ZDialerSettingsInput.parse({ ...base, quotaStatus: ' qfull ' }).quotaStatus).toBe('QFULL');
    expect(ZDialerSettingsInput.parse(base).quotaStatus).toBeUndefined();
    for (const bad of ['', 'TOOLONG', 'Q-F', 'Q F']) {
      expect(ZDialerSettingsInput.safeParse({ ...base, quotaStatus: bad }).error?.issues[0]?.message, bad).toBe(
        'The quota status is 1 to 6 letters or digits',
      );
    }
  });

  it('checks a VICIdial campaign id given without the campaign DNC check too', () => {
    expect(ZDialerSettingsInput.parse({ ...base, vicidialCampaignId: 'SURV_1' }).vicidialCampaignId).toBe('SURV_1');
    expect(ZDialerSettingsInput.safeParse({ ...base, vicidialCampaignId: 'S' }).error?.issues[0]?.message).toBe(
      'The VICIdial campaign id is 2 to 8 letters, digits, - or _',
    );
  });
});
