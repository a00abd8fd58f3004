import { describe, expect, it } from 'vitest';
import { createVicidialLists, type TVicidialListsOptions, type VicidialLists } from './vicidial-lists.ts';

const AUTH = { user: 'crmapi', pass: 'fake-dialer-secret' };

function addLead(model: VicidialLists, fields: Record<string, string>): string {
  return model.answer(
    new URLSearchParams({ ...AUTH, source: 'crm', function: 'add_lead', phone_code: '880', list_id: '101', ...fields }),
  );
}
function findLead(model: VicidialLists, vendorLeadCode: string, listId = '101'): string {
  return model.answer(
    new URLSearchParams({
      ...AUTH,
      source: 'crm',
      function: 'update_lead',
      search_method: 'VENDOR_LEAD_CODE',
      search_location: 'LIST',
      list_id: listId,
      vendor_lead_code: vendorLeadCode,
      no_update: 'Y',
    }),
  );
}
const lists = (options: TVicidialListsOptions = {}) => createVicidialLists(options);

describe('createVicidialLists: add_lead', () => {
  it("adds a lead with an increasing lead id and answers in VICIdial's success format", () => {
    const model = lists();
    expect(addLead(model, { phone_number: '1712345678', vendor_lead_code: '1' })).toBe(
      'SUCCESS: add_lead LEAD HAS BEEN ADDED - 1712345678|101|1000|6.00|crmapi\n',
    );
    expect(addLead(model, { phone_number: '1712345679', vendor_lead_code: '2', first_name: 'Karim' })).toMatch(
      /^SUCCESS: .* - 1712345679\|101\|1001\|/,
    );
    expect(model.leads('101').map((l) => [l.leadId, l.vendorLeadCode, l.fields.first_name])).toEqual([
      ['1000', '1', undefined],
      ['1001', '2', 'Karim'],
    ]);
    expect(model.counters()).toEqual({ addLeadByVendorCode: { 1: 1, 2: 1 }, leadsPerList: { 101: 2 } });
  });

  it('refuses wrong credentials, echoing them as VICIdial does, and a user without the right to add leads', () => {
    const model = lists({ restrictedUser: { user: 'viewer', pass: 'v-pass' } });
    expect(
      model.answer(
        new URLSearchParams({ user: 'crmapi', pass: 'wrong', function: 'add_lead', phone_number: '1712345678' }),
      ),
    ).toBe('ERROR: Invalid Username/Password: |crmapi|wrong|\n');
    expect(
      model.answer(
        new URLSearchParams({ user: 'viewer', pass: 'v-pass', function: 'add_lead', phone_number: '1712345678' }),
      ),
    ).toBe('ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - viewer|0\n');
    expect(
      model.answer(
        new URLSearchParams({
          user: 'viewer',
          pass: 'v-pass',
          function: 'update_lead',
          vendor_lead_code: '1',
          search_method: 'VENDOR_LEAD_CODE',
          no_update: 'Y',
        }),
      ),
    ).toBe('ERROR: update_lead USER DOES NOT HAVE PERMISSION TO UPDATE LEADS IN THE SYSTEM - viewer|0\n');
    expect(model.answer(new URLSearchParams(AUTH))).toBe('ERROR: NO FUNCTION SPECIFIED\n');
    expect(model.leads('101')).toEqual([]);
  });

  it('refuses a list the user may not load when allowed lists are set', () => {
    const model = lists({ allowedListIds: ['101'] });
    expect(addLead(model, { phone_number: '1712345678', list_id: '102' })).toBe(
      'ERROR: add_lead NOT AN ALLOWED LIST ID - 1712345678|102\n',
    );
    expect(addLead(model, { phone_number: '1712345678' })).toMatch(/^SUCCESS/);
  });

  it('refuses a phone number of fewer than 6 or more than 16 digits', () => {
    const model = lists();
    expect(addLead(model, { phone_number: '12345' })).toBe(
      'ERROR: add_lead INVALID PHONE NUMBER LENGTH - 12345|crmapi\n',
    );
    expect(addLead(model, { phone_number: '12345678901234567' })).toMatch(/INVALID PHONE NUMBER LENGTH/);
    expect(addLead(model, { phone_number: '123456' })).toMatch(/^SUCCESS/);
    expect(addLead(model, { phone_number: '1234567890123456' })).toMatch(/^SUCCESS/);
  });

  it('refuses a number on the system DNC list only with dnc_check=Y', () => {
    const model = lists({ dnc: ['1712000000'] });
    expect(addLead(model, { phone_number: '1712000000', dnc_check: 'Y' })).toBe(
      'ERROR: add_lead PHONE NUMBER IN DNC - 1712000000|crmapi\n',
    );
    model.addDnc('1712000001');
    expect(addLead(model, { phone_number: '1712000001', dnc_check: 'Y' })).toMatch(/PHONE NUMBER IN DNC/);
    expect(addLead(model, { phone_number: '1712000000', dnc_check: 'N' })).toMatch(/^SUCCESS/);
  });

  it("refuses a number on the campaign's DNC list only with campaign_dnc_check=Y", () => {
    const model = lists({ campaignDnc: { TESTCAMP: ['1712000000'] } });
    expect(addLead(model, { phone_number: '1712000000', campaign_dnc_check: 'Y', campaign_id: 'TESTCAMP' })).toBe(
      'ERROR: add_lead PHONE NUMBER IN CAMPAIGN DNC - 1712000000|TESTCAMP|crmapi\n',
    );
    expect(addLead(model, { phone_number: '1712000000', campaign_dnc_check: 'Y', campaign_id: 'OTHER' })).toMatch(
      /^SUCCESS/,
    );
    expect(addLead(model, { phone_number: '1712000000', campaign_dnc_check: 'N', campaign_id: 'TESTCAMP' })).toMatch(
      /^SUCCESS/,
    );
  });

  describe('duplicate checks', () => {
    const model = () => {
      const m = lists({ listCampaigns: { 101: 'SALES', 102: 'SALES', 201: 'SURVEY' } });
      addLead(m, { phone_number: '1712345678', list_id: '101' });
      return m;
    };

    it('DUPLIST refuses the number again in the same list only', () => {
      const m = model();
      expect(addLead(m, { phone_number: '1712345678', list_id: '101', duplicate_check: 'DUPLIST' })).toBe(
        'ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - 1712345678|101|1000\n',
      );
      expect(addLead(m, { phone_number: '1712345678', list_id: '102', duplicate_check: 'DUPLIST' })).toMatch(
        /^SUCCESS/,
      );
    });

    it('DUPCAMP refuses the number in any list of the same campaign', () => {
      const m = model();
      expect(addLead(m, { phone_number: '1712345678', list_id: '102', duplicate_check: 'DUPCAMP' })).toBe(
        'ERROR: add_lead DUPLICATE PHONE NUMBER IN CAMPAIGN LISTS - 1712345678|102|1000|101\n',
      );
      expect(addLead(m, { phone_number: '1712345678', list_id: '201', duplicate_check: 'DUPCAMP' })).toMatch(
        /^SUCCESS/,
      );
    });

    it('DUPSYS refuses the number in any list', () => {
      const m = model();
      expect(addLead(m, { phone_number: '1712345678', list_id: '201', duplicate_check: 'DUPSYS' })).toBe(
        'ERROR: add_lead DUPLICATE PHONE NUMBER IN SYSTEM - 1712345678|201|1000|101\n',
      );
    });

    it('without a duplicate check the same number is added again', () => {
      const m = model();
      expect(addLead(m, { phone_number: '1712345678', list_id: '101' })).toMatch(/^SUCCESS/);
      expect(m.counters().leadsPerList).toEqual({ 101: 2 });
    });
  });

  it('answers a notice about custom fields, which only a list with custom fields takes', () => {
    const model = lists({ customFields: { 102: ['region'] } });
    expect(addLead(model, { phone_number: '1712345678', custom_fields: 'Y', region: 'North' })).toBe(
      'SUCCESS: add_lead LEAD HAS BEEN ADDED - 1712345678|101|1000|6.00|crmapi\nNOTICE: add_lead CUSTOM FIELDS NOT ADDED, NO CUSTOM FIELDS DEFINED FOR THIS LIST - 1712345678|1000|101\n',
    );
    expect(addLead(model, { phone_number: '1712345679', list_id: '102', custom_fields: 'Y', region: 'North' })).toMatch(
      /\nNOTICE: add_lead CUSTOM FIELDS VALUES ADDED - 1712345679\|1001\|102\n$/,
    );
  });
});

describe('createVicidialLists: update_lead lookup by vendor_lead_code', () => {
  it('finds the lead of a vendor_lead_code in the list, and only in that list', () => {
    const model = lists();
    addLead(model, { phone_number: '1712345678', vendor_lead_code: '4711' });
    expect(findLead(model, '4711')).toBe(
      'NOTICE: update_lead LEADS FOUND IN THE SYSTEM: |crmapi|1000|4711|1712345678|101|0\n',
    );
    expect(findLead(model, '4711', '102')).toBe('NOTICE: update_lead NO MATCHES FOUND IN THE SYSTEM - crmapi||4711|\n');
    expect(findLead(model, '4712')).toMatch(/^NOTICE: update_lead NO MATCHES FOUND/);
  });

  it('refuses a lookup in a list not allowed, and one with no search method it can use', () => {
    const model = lists({ allowedListIds: ['101'] });
    expect(findLead(model, '1', '102')).toBe('ERROR: update_lead NOT AN ALLOWED LIST ID, SEARCH - |102\n');
    expect(
      model.answer(
        new URLSearchParams({
          ...AUTH,
          function: 'update_lead',
          vendor_lead_code: '1',
          search_method: 'LEAD_ID',
          no_update: 'Y',
        }),
      ),
    ).toBe('ERROR: update_lead NO VALID SEARCH METHOD - crmapi|SYSTEM||1|\n');
  });
});

function updateLead(model: VicidialLists, fields: Record<string, string>): string {
  return model.answer(
    new URLSearchParams({
      ...AUTH,
      source: 'crm',
      function: 'update_lead',
      search_method: 'VENDOR_LEAD_CODE',
      search_location: 'LIST',
      list_id: '101',
      ...fields,
    }),
  );
}

describe('createVicidialLists: update_lead status and callbacks', () => {
  it("sets the newest matching lead's status, and only in the list searched", () => {
    const model = lists();
    addLead(model, { phone_number: '1712345678', vendor_lead_code: '7' });
    addLead(model, { phone_number: '1712345678', vendor_lead_code: '7', list_id: '102' });
    expect(updateLead(model, { vendor_lead_code: '7', status: 'DNC' })).toBe(
      'SUCCESS: update_lead LEAD HAS BEEN UPDATED - crmapi|1000\n',
    );
    expect(model.leads('101')[0]?.status).toBe('DNC');
    expect(model.leads('102')[0]?.status).toBe('NEW');
  });

  it('answers ERROR when no lead matches, when none may be searched, and when the user may not modify leads', () => {
    const model = lists({ allowedListIds: ['101'] });
    addLead(model, { phone_number: '1712345678', vendor_lead_code: '7' });
    expect(updateLead(model, { vendor_lead_code: '8', status: 'DNC' })).toBe(
      'ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - crmapi||8|\n',
    );
    expect(updateLead(model, { vendor_lead_code: '7', status: 'DNC', list_id: '102' })).toBe(
      'ERROR: update_lead NOT AN ALLOWED LIST ID, SEARCH - |102\n',
    );
    model.removeLead('1000');
    expect(updateLead(model, { vendor_lead_code: '7', status: 'DNC' })).toMatch(
      /^ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM/,
    );
    const readOnly = lists({ permissions: { modifyLeads: false } });
    expect(updateLead(readOnly, { vendor_lead_code: '7', status: 'DNC' })).toBe(
      'ERROR: update_lead USER DOES NOT HAVE PERMISSION TO UPDATE LEADS IN THE SYSTEM - crmapi|0\n',
    );
  });

  it('schedules a callback (ADDED, then UPDATED), holding the lead at CBHOLD', () => {
    const model = lists({ listCampaigns: { 101: 'SURVEY' } });
    addLead(model, { phone_number: '1712345678', vendor_lead_code: '7' });
    const callback = {
      vendor_lead_code: '7',
      callback: 'Y',
      callback_datetime: '2026-11-20+15:30:00',
      callback_type: 'USERONLY',
      callback_user: 'AG1001',
      callback_comments: 'After lunch',
    };
    expect(updateLead(model, callback)).toBe(
      'SUCCESS: update_lead LEAD HAS BEEN UPDATED - crmapi|1000\nNOTICE: update_lead SCHEDULED CALLBACK ADDED - 1000|2026-11-20 15:30:00|SURVEY|AG1001|USERONLY|CALLBK\n',
    );
    expect(updateLead(model, { ...callback, callback_type: 'ANYONE', callback_user: '' })).toMatch(
      /\nNOTICE: update_lead SCHEDULED CALLBACK UPDATED - 1000\|2026-11-20 15:30:00\|SURVEY\|\|ANYONE\|CALLBK\n$/,
    );
    expect(model.leads('101')[0]).toMatchObject({
      status: 'CBHOLD',
      callback: { at: '2026-11-20 15:30:00', campaignId: 'SURVEY', type: 'ANYONE', comments: 'After lunch' },
    });
  });

  it('does not schedule a callback for a user or campaign VICIdial does not have', () => {
    const model = lists({ users: ['AG1001'], campaigns: ['SURVEY'] });
    addLead(model, { phone_number: '1712345678', vendor_lead_code: '7' });
    const callback = {
      vendor_lead_code: '7',
      callback: 'Y',
      callback_datetime: '2026-11-20+15:30:00',
      callback_type: 'USERONLY',
      campaign_id: 'SURVEY',
    };
    expect(updateLead(model, { ...callback, callback_user: 'AG9' })).toMatch(
      /\nNOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, USER NOT VALID - 1000\|SURVEY\|AG9\|\n$/,
    );
    expect(updateLead(model, { ...callback, callback_user: 'AG1001', campaign_id: 'OTHER' })).toMatch(
      /\nNOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, CAMPAIGN NOT VALID - 1000\|OTHER\n$/,
    );
    expect(model.leads('101')[0]?.callback).toBeNull();
  });
});

describe('createVicidialLists: add_dnc_phone', () => {
  const addDnc = (model: VicidialLists, fields: Record<string, string>) =>
    model.answer(new URLSearchParams({ ...AUTH, source: 'crm', function: 'add_dnc_phone', ...fields }));

  it('adds a number to the system list (SYSTEM_INTERNAL) or a campaign list, once', () => {
    const model = lists();
    expect(addDnc(model, { phone_number: '1712345678', campaign_id: 'SYSTEM_INTERNAL' })).toBe(
      'SUCCESS: add_dnc_phone DNC NUMBER HAS BEEN ADDED - crmapi|1712345678|SYSTEM_INTERNAL\n',
    );
    expect(addDnc(model, { phone_number: '1712345678', campaign_id: 'SYSTEM_INTERNAL' })).toBe(
      'ERROR: add_dnc_phone DNC NUMBER ALREADY EXISTS - crmapi|1712345678\n',
    );
    expect(addDnc(model, { phone_number: '1712345678', campaign_id: 'SURVEY' })).toBe(
      'SUCCESS: add_dnc_phone DNC NUMBER HAS BEEN ADDED - crmapi|1712345678|SURVEY\n',
    );
    expect([model.dncList('SYSTEM_INTERNAL'), model.dncList('SURVEY'), model.dncList('OTHER')]).toEqual([
      ['1712345678'],
      ['1712345678'],
      [],
    ]);
    // add_lead's DNC checks see them.
    expect(addLead(model, { phone_number: '1712345678', dnc_check: 'Y' })).toMatch(/PHONE NUMBER IN DNC/);
  });

  it('refuses missing fields, and a user without "modify lists"', () => {
    expect(addDnc(lists(), { phone_number: '12345', campaign_id: 'SURVEY' })).toBe(
      'ERROR: add_dnc_phone YOU MUST USE ALL REQUIRED FIELDS - crmapi|12345|SURVEY\n',
    );
    expect(addDnc(lists(), { phone_number: '1712345678' })).toBe(
      'ERROR: add_dnc_phone YOU MUST USE ALL REQUIRED FIELDS - crmapi|1712345678|\n',
    );
    expect(
      addDnc(lists({ permissions: { modifyLists: false } }), { phone_number: '1712345678', campaign_id: 'SURVEY' }),
    ).toBe('ERROR: add_dnc_phone USER DOES NOT HAVE PERMISSION TO ADD DNC NUMBERS - crmapi|0\n');
  });
});
