import { describe, expect, it } from 'vitest';
import {
  addLeadParams,
  findLeadParams,
  parseAddLeadReply,
  parseFindLeadReply,
  splitRespondentName,
} from './add-lead.ts';
import type { TLeadToSend, TSendSettings } from './transport.ts';

const SETTINGS: TSendSettings = {
  listId: '999',
  duplicateCheck: 'DUPLIST',
  dncCheck: true,
  campaignDncCheck: false,
  vicidialCampaignId: null,
};
const lead = (over: Partial<TLeadToSend> = {}): TLeadToSend => ({
  leadId: '4711',
  phoneNumber: '+8801712345678',
  respondentName: 'Ayesha Siddiqua Rahman',
  columns: {},
  ...over,
});
const paramsOf = (p: URLSearchParams) => Object.fromEntries(p);

describe('addLeadParams', () => {
  it('sends a Bangladeshi number as phone_code 880 and its national number, with the list and our lead id', () => {
    expect(paramsOf(addLeadParams(lead(), SETTINGS))).toEqual({
      function: 'add_lead',
      source: 'crm',
      phone_code: '880',
      phone_number: '1712345678',
      list_id: '999',
      vendor_lead_code: '4711',
      dnc_check: 'Y',
      campaign_dnc_check: 'N',
      duplicate_check: 'DUPLIST',
      first_name: 'Ayesha Siddiqua',
      last_name: 'Rahman',
    });
  });

  it('sends a US number as phone_code 1, the campaign DNC check with its campaign, and no duplicate check when NONE', () => {
    const p = addLeadParams(lead({ phoneNumber: '+17275551111' }), {
      listId: '101',
      duplicateCheck: 'NONE',
      dncCheck: false,
      campaignDncCheck: true,
      vicidialCampaignId: 'TESTCAMP',
    });
    expect(p.get('phone_code')).toBe('1');
    expect(p.get('phone_number')).toBe('7275551111');
    expect(p.get('dnc_check')).toBe('N');
    expect(p.get('campaign_dnc_check')).toBe('Y');
    expect(p.get('campaign_id')).toBe('TESTCAMP');
    expect(p.has('duplicate_check')).toBe(false);
  });

  it('reads a number without its country code in the given country', () => {
    const p = addLeadParams(lead({ phoneNumber: '01712345678' }), SETTINGS, 'BD');
    expect([p.get('phone_code'), p.get('phone_number')]).toEqual(['880', '1712345678']);
  });

  it('never adds the API user or password: the transport does', () => {
    const p = addLeadParams(lead({ columns: { user: 'x', pass: 'y' } }), SETTINGS);
    expect(p.has('user')).toBe(false);
    expect(p.has('pass')).toBe(false);
  });

  it('sends standard fields as themselves, other columns as custom fields, and never a column named like a setting', () => {
    const p = addLeadParams(
      lead({
        columns: {
          City: 'Dhaka',
          email: 'a@b.example',
          Comments: 'call after 5',
          region: 'North',
          br_id: 'B-7',
          data_status: 'new',
          Favorite_Color: 'blue',
          list_id: '555',
          Phone_Number: '1',
          duplicate_check: 'NONE',
          add_to_hopper: 'Y',
          callback_datetime: 'NOW',
          campaign_id: 'X',
          custom_fields: 'N',
          empty: '',
        },
      }),
      SETTINGS,
    );
    expect(p.get('city')).toBe('Dhaka');
    expect(p.get('email')).toBe('a@b.example');
    expect(p.get('comments')).toBe('call after 5');
    expect(p.get('region')).toBe('North');
    expect(p.get('br_id')).toBe('B-7');
    expect(p.get('data_status')).toBe('new');
    expect(p.get('Favorite_Color')).toBe('blue');
    expect(p.get('custom_fields')).toBe('Y');
    expect(p.get('list_id')).toBe('999');
    expect(p.get('phone_number')).toBe('1712345678');
    expect(p.get('duplicate_check')).toBe('DUPLIST');
    for (const name of ['add_to_hopper', 'callback_datetime', 'campaign_id', 'Phone_Number', 'empty', 'City'])
      expect(p.has(name), name).toBe(false);
  });

  it('leaves custom_fields out when every column is standard or reserved', () => {
    const p = addLeadParams(lead({ columns: { city: 'Dhaka', owner: 'T1', list_id: '1' } }), SETTINGS);
    expect(p.has('custom_fields')).toBe(false);
  });

  it('cuts standard fields to the lengths add_lead accepts', () => {
    const p = addLeadParams(lead({ columns: { state: 'Dhaka', title: 'Doctor' } }), SETTINGS);
    expect(p.get('state')).toBe('Dh');
    expect(p.get('title')).toBe('Doct');
  });

  it('takes first_name and last_name columns only when the lead has no respondent name', () => {
    expect(addLeadParams(lead({ columns: { first_name: 'Other' } }), SETTINGS).get('first_name')).toBe(
      'Ayesha Siddiqua',
    );
    const p = addLeadParams(
      lead({ respondentName: null, columns: { first_name: 'Other', last_name: 'Name' } }),
      SETTINGS,
    );
    expect([p.get('first_name'), p.get('last_name')]).toEqual(['Other', 'Name']);
  });
});

describe('splitRespondentName', () => {
  it('puts the last word in last_name and the rest in first_name, each at most 30 characters', () => {
    expect(splitRespondentName('  Karim   Uddin ')).toEqual({ firstName: 'Karim', lastName: 'Uddin' });
    expect(splitRespondentName('Karim')).toEqual({ firstName: 'Karim', lastName: '' });
    expect(splitRespondentName(null)).toEqual({ firstName: '', lastName: '' });
    const long = splitRespondentName(`${'A'.repeat(25)} ${'B'.repeat(10)} ${'C'.repeat(40)}`);
    expect(long.firstName).toBe(`${'A'.repeat(25)} ${'B'.repeat(4)}`);
    expect(long.lastName).toBe('C'.repeat(30));
  });
});

describe('findLeadParams', () => {
  it('asks update_lead whether the list holds our lead id, changing nothing', () => {
    expect(paramsOf(findLeadParams('4711', SETTINGS))).toEqual({
      function: 'update_lead',
      source: 'crm',
      search_method: 'VENDOR_LEAD_CODE',
      search_location: 'LIST',
      list_id: '999',
      vendor_lead_code: '4711',
      no_update: 'Y',
    });
  });
});

describe('parseAddLeadReply', () => {
  const kind = (text: string) => parseAddLeadReply(text, SETTINGS).kind;

  it('reads an added lead and its VICIdial lead id, in the documented and the coded order of fields', () => {
    expect(
      parseAddLeadReply(
        'SUCCESS: add_lead LEAD HAS BEEN ADDED - 7275551111|6666|999|193715|-4\nNOTICE: add_lead ADDED TO HOPPER - 7275551111|6666|193715|1677922\n',
        SETTINGS,
      ),
    ).toEqual({
      kind: 'added',
      vicidialLeadId: '193715',
      message:
        'SUCCESS: add_lead LEAD HAS BEEN ADDED - 7275551111|6666|999|193715|-4 · NOTICE: add_lead ADDED TO HOPPER - 7275551111|6666|193715|1677922',
    });
    expect(
      parseAddLeadReply('SUCCESS: add_lead LEAD HAS BEEN ADDED - 1712345678|999|2001|6.00|6666\r\n', SETTINGS),
    ).toMatchObject({ kind: 'added', vicidialLeadId: '2001' });
    expect(
      parseAddLeadReply('SUCCESS: add_lead LEAD HAS BEEN ADDED - 1712345678|101|2001|6.00|6666', SETTINGS),
    ).toMatchObject({ kind: 'added', vicidialLeadId: null });
  });

  it('reads every documented success with its notices as added', () => {
    for (const notice of [
      'NOTICE: add_lead CUSTOM FIELDS VALUES ADDED - 7275551111|1234|101',
      'NOTICE: add_lead CUSTOM FIELDS NOT ADDED, CUSTOM FIELDS DISABLED - 7275551111|Y|0',
      'NOTICE: add_lead CUSTOM FIELDS NOT ADDED, NO CUSTOM FIELDS DEFINED FOR THIS LIST - 7275551111|1234|101',
      'NOTICE: add_lead CUSTOM FIELDS NOT ADDED, NO FIELDS DEFINED - 7275551111|1234|101',
      'NOTICE: add_lead MULTI-ALT-PHONE NUMBERS LOADED - 3|6666|193716',
      'NOTICE: add_lead NOT ADDED TO HOPPER, OUTSIDE OF LOCAL TIME - 7275551111|6666|193716|-4|0',
      'NOTICE: add_lead SCHEDULED CALLBACK ADDED - 1234|2011-09-29 12:00:01|TESTCAMP|6666|USERONLY|CALLBK',
      'NOTICE: add_lead SCHEDULED CALLBACK NOT ADDED, USER NOT VALID - 1234|TESTCAMP|6|',
      'NOTICE: add_lead SCHEDULED CALLBACK NOT ADDED, CAMPAIGN NOT VALID - 1234|XYZ',
    ]) {
      expect(
        parseAddLeadReply(
          `SUCCESS: add_lead LEAD HAS BEEN ADDED - 7275551111|6666|999|193716|-4\n${notice}\n`,
          SETTINGS,
        ),
        notice,
      ).toMatchObject({ kind: 'added', vicidialLeadId: '193716' });
    }
    // A notice may come first.
    expect(
      kind(
        'NOTICE: add_lead NANPA options disabled, NANPA prefix data not loaded - 0|6666\nSUCCESS: add_lead LEAD HAS BEEN ADDED - 7275551111|6666|999|193716|-4',
      ),
    ).toBe('added');
  });

  it('reads every documented duplicate answer as duplicate', () => {
    for (const line of [
      'ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - 7275551111|101|8765444',
      'ERROR: add_lead DUPLICATE PHONE NUMBER IN CAMPAIGN LISTS - 7275551111|101|8765444|101',
      'ERROR: add_lead DUPLICATE PHONE NUMBER IN SYSTEM - 7275551111|101|8765444|101',
      'ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - 7275551111|101|8765444|PHONE',
      'ERROR: add_lead DUPLICATE PHONE NUMBER IN CAMPAIGN LISTS - 7275551111|101|8765444|101|ALT',
      'ERROR: add_lead DUPLICATE PHONE NUMBER IN SYSTEM - 7275551111|101|8765444|101|PHONE',
      'ERROR: add_lead DUPLICATE TITLE ALT_PHONE IN LIST - 1234|7275551111|101|8765444',
      'ERROR: add_lead DUPLICATE TITLE ALT_PHONE IN CAMPAIGN LISTS - 1234|7275551111|101|8765444|101',
      'ERROR: add_lead DUPLICATE TITLE ALT_PHONE IN SYSTEM - 1234|7275551111|101|8765444|101',
      'ERROR: add_lead DUPLICATE NAME PHONE IN LIST - Bob|Smith|7275551113|101|8765444|101',
      'ERROR: add_lead DUPLICATE NAME PHONE IN CAMPAIGN LISTS - Bob|Smith|7275551113|101|8765444|101',
      'ERROR: add_lead DUPLICATE NAME PHONE IN SYSTEM - Bob|Smith|7275551113|101|8765444|101',
    ]) {
      expect(parseAddLeadReply(`${line}\n`, SETTINGS), line).toEqual({ kind: 'duplicate', message: line });
    }
  });

  it('reads the DNC answers as dnc', () => {
    expect(kind('ERROR: add_lead PHONE NUMBER IN DNC - 7275551111|6666\n')).toBe('dnc');
    expect(kind('ERROR: add_lead PHONE NUMBER IN CAMPAIGN DNC - 7275551111|TESTCAMP|6666\n')).toBe('dnc');
  });

  it("reads the phone number checks and any other add_lead error as refused, with VICIdial's message", () => {
    for (const line of [
      'ERROR: add_lead INVALID PHONE NUMBER LENGTH - 72755|6666',
      'ERROR: add_lead INVALID PHONE NUMBER PREFIX - 72755|6666',
      'ERROR: add_lead INVALID PHONE NUMBER AREACODE - 72755|6666',
      'ERROR: add_lead INVALID PHONE NUMBER NANPA AREACODE PREFIX - 7275551212|6666',
      'ERROR: add_lead SOMETHING NEW ABOUT THIS LEAD - 7275551212|6666',
    ]) {
      expect(parseAddLeadReply(`${line} \n`, SETTINGS), line).toEqual({ kind: 'refused', message: line });
    }
  });

  it('stops on answers no lead can get past', () => {
    for (const line of [
      'ERROR: Invalid Username/Password: |6666|1234|',
      'ERROR: auth USER DOES NOT HAVE PERMISSION TO USE THIS FUNCTION - 6666|add_lead',
      'ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - 6666|0 ',
      'ERROR: add_lead NOT AN ALLOWED LIST ID - 7275551212|98762',
      'ERROR: add_lead NOT A DEFINED LIST ID, LIST EXISTS CHECK ENABLED - 7275551212|12344',
      'ERROR: NO FUNCTION SPECIFIED',
    ]) {
      expect(kind(line), line).toBe('stop');
    }
  });

  it('reads what it cannot understand as transient: the lead may or may not be in VICIdial', () => {
    expect(parseAddLeadReply('', SETTINGS)).toEqual({ kind: 'transient', message: 'The dialer sent an empty reply.' });
    expect(parseAddLeadReply('<html><body>502 Bad Gateway</body></html>', SETTINGS)).toEqual({
      kind: 'transient',
      message: 'The dialer sent a reply that could not be read: "<html><body>502 Bad Gateway</body></html>"',
    });
    expect(kind('NOTICE: add_lead NANPA options disabled, NANPA prefix data not loaded - 0|6666')).toBe('transient');
    expect(kind('LEAD HAS BEEN ADDED')).toBe('transient');
  });

  it('never repeats the API user or password in a message', () => {
    const secrets = ['crmapi', 's3cret-pass'];
    const bad = parseAddLeadReply('ERROR: Invalid Username/Password: |crmapi|s3cret-pass|\n', SETTINGS, secrets);
    expect(bad).toEqual({
      kind: 'stop',
      message: 'The dialer refused the API user or password (Invalid Username/Password).',
    });
    const noRight = parseAddLeadReply(
      'ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - crmapi|0',
      SETTINGS,
      secrets,
    );
    expect(noRight.message).toBe('ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - ***|0');
    const added = parseAddLeadReply(
      'SUCCESS: add_lead LEAD HAS BEEN ADDED - 1712345678|999|2001|6.00|crmapi',
      SETTINGS,
      secrets,
    );
    expect(added.message).not.toContain('crmapi');
    const garbage = parseAddLeadReply('<p>pass=s3cret-pass</p>', SETTINGS, secrets);
    expect(garbage.message).not.toContain('s3cret-pass');
  });
});

describe('parseFindLeadReply', () => {
  it('reads a lead found, with its VICIdial lead id', () => {
    expect(
      parseFindLeadReply(
        'NOTICE: update_lead LEADS FOUND IN THE SYSTEM: |6666|1010542|12345678901234|9998887112|3333444|0\n',
      ),
    ).toEqual({
      kind: 'found',
      vicidialLeadId: '1010542',
      message: 'NOTICE: update_lead LEADS FOUND IN THE SYSTEM: |6666|1010542|12345678901234|9998887112|3333444|0',
    });
  });

  it('reads no match as absent, in either documented form', () => {
    expect(
      parseFindLeadReply('NOTICE: update_lead NO MATCHES FOUND IN THE SYSTEM - 6666|4567|897654327|7275551212\n'),
    ).toEqual({ kind: 'absent' });
    expect(parseFindLeadReply('ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - 6666|||')).toEqual({
      kind: 'absent',
    });
  });

  it('stops on permission and list errors', () => {
    for (const line of [
      'ERROR: Invalid Username/Password: |6666|1234|',
      'ERROR: auth USER DOES NOT HAVE PERMISSION TO USE THIS FUNCTION - 6666|update_lead',
      'ERROR: update_lead USER DOES NOT HAVE PERMISSION TO UPDATE LEADS IN THE SYSTEM - 6666|0 ',
      'ERROR: update_lead NOT AN ALLOWED LIST ID, SEARCH - 7275551212|98762',
      'ERROR: update_lead NOT A DEFINED LIST ID, LIST EXISTS CHECK ENABLED - 6666|139',
      'ERROR: update_lead NO VALID SEARCH METHOD - 6666|SYSTEM|||',
    ]) {
      expect(parseFindLeadReply(line).kind, line).toBe('stop');
    }
    expect(parseFindLeadReply('ERROR: Invalid Username/Password: |6666|1234|', ['6666', '1234'])).toEqual({
      kind: 'stop',
      message: 'The dialer refused the API user or password (Invalid Username/Password).',
    });
  });

  it('reads anything else as transient', () => {
    expect(parseFindLeadReply('').kind).toBe('transient');
    expect(parseFindLeadReply('<html>oops</html>').kind).toBe('transient');
    expect(parseFindLeadReply('ERROR: update_lead INVALID DATA FOR LEAD INSERTION - 6666|||').kind).toBe('transient');
  });
});
