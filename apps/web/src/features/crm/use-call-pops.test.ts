// The dialer's calls as the screen reads them: a pop event's call (the lead the server found, by its stored number) and
// VICIdial's web form variables in /CRM's address (unfilled --A--…--B-- placeholders are no value).
import { describe, expect, it } from 'vitest';
import type { TScreenPop } from '@crm/shared';
import { dialerCallOfPop, webFormOf } from './use-call-pops.ts';

const POP: TScreenPop = {
  dialerLeadId: '4711',
  phoneNumber: '1712345678',
  vendorLeadCode: '12',
  connectedAt: '2026-11-20T09:00:00.000Z',
  source: 'vicidial',
  campaignName: 'Mobile Survey',
  leadId: 12,
  cellNumber: '+8801712345678',
};

describe('dialerCallOfPop', () => {
  it("looks the lead up by the server's number, keeps VICIdial's call id and times the call from the connection", () => {
    expect(dialerCallOfPop(POP)).toEqual({
      cellNumber: '+8801712345678',
      leadId: 12,
      dialerCallId: '4711',
      connectedAt: Date.parse('2026-11-20T09:00:00.000Z'),
    });
  });

  it('reads no call id from a placeholder and no start from a time that is none', () => {
    expect(
      dialerCallOfPop({
        ...POP,
        dialerLeadId: '--A--lead_id--B--',
        connectedAt: 'soon',
        leadId: null,
        vendorLeadCode: 'ABC',
      }),
    ).toEqual({
      cellNumber: '+8801712345678',
      leadId: null,
      dialerCallId: null,
      connectedAt: null,
    });
  });
});

describe('webFormOf', () => {
  it("reads VICIdial's variables from the address", () => {
    const params = new URLSearchParams(
      'campaignName=Mobile&phone_number=1712345678&vendor_lead_code=12&lead_id=4711&user=6001',
    );
    expect(webFormOf(params)).toEqual({
      phone_number: '1712345678',
      vendor_lead_code: '12',
      lead_id: '4711',
      user: '6001',
    });
  });

  it('leaves out placeholders VICIdial did not fill and blanks', () => {
    const params = new URLSearchParams(
      'phone_number=1712345678&vendor_lead_code=--A--vendor_lead_code--B--&lead_id=&user=6001',
    );
    expect(webFormOf(params)).toEqual({ phone_number: '1712345678', user: '6001' });
  });

  it('names no call without a number or a lead, or with a variable too long to be one', () => {
    expect(webFormOf(new URLSearchParams('campaignName=Mobile'))).toBeNull();
    expect(webFormOf(new URLSearchParams('user=6001&lead_id=4711'))).toBeNull();
    expect(webFormOf(new URLSearchParams(`phone_number=${'1'.repeat(41)}`))).toBeNull();
  });
});
