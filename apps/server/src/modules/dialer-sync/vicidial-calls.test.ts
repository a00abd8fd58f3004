// The dialer sync's requests and every documented reply of add_dnc_phone and update_lead read into an outcome
// (VICIdial docs/NON-AGENT_API.txt): done, refused in VICIdial's words, or no answer (tried again).
import { describe, expect, it } from 'vitest';
import { readSyncReply, syncRequestParams } from './vicidial-calls.ts';

const SECRETS = ['crmapi', 'fake-dialer-secret'];

describe('syncRequestParams', () => {
  it('sends add_dnc_phone with the national number, and update_lead with the stored search and status', () => {
    expect(
      Object.fromEntries(
        syncRequestParams({ action: 'dnc_number', phoneNumber: '+8801712345678', params: { campaign_id: 'SURV1' } }),
      ),
    ).toEqual({ function: 'add_dnc_phone', source: 'crm', campaign_id: 'SURV1', phone_number: '1712345678' });
    const search = {
      search_method: 'VENDOR_LEAD_CODE',
      search_location: 'LIST',
      list_id: '1001',
      vendor_lead_code: '42',
    };
    expect(
      Object.fromEntries(
        syncRequestParams({
          action: 'lead_quota',
          phoneNumber: '+8801712345678',
          params: { ...search, status: 'QUOTA' },
        }),
      ),
    ).toEqual({ function: 'update_lead', source: 'crm', ...search, status: 'QUOTA' });
  });
});

describe('readSyncReply: add_dnc_phone', () => {
  it('is done when added, and when the number is on that list already', () => {
    expect(
      readSyncReply(
        'dnc_number',
        'SUCCESS: add_dnc_phone DNC NUMBER HAS BEEN ADDED - crmapi|7275551212|TESTCAMP\n',
        SECRETS,
      ),
    ).toEqual({ kind: 'done', message: 'SUCCESS: add_dnc_phone DNC NUMBER HAS BEEN ADDED - ***|7275551212|TESTCAMP' });
    expect(readSyncReply('dnc_number', 'ERROR: add_dnc_phone DNC NUMBER ALREADY EXISTS - 6666|7275551212\n').kind).toBe(
      'done',
    );
  });

  it('is refused, in its words, without permission or a required field', () => {
    expect(
      readSyncReply('dnc_number', 'ERROR: add_dnc_phone USER DOES NOT HAVE PERMISSION TO ADD DNC NUMBERS - 6666|0\n'),
    ).toEqual({
      kind: 'refused',
      message: 'ERROR: add_dnc_phone USER DOES NOT HAVE PERMISSION TO ADD DNC NUMBERS - 6666|0',
    });
    expect(
      readSyncReply('dnc_number', 'ERROR: add_dnc_phone YOU MUST USE ALL REQUIRED FIELDS - 6666|||1000\n').kind,
    ).toBe('refused');
    expect(
      readSyncReply(
        'dnc_number',
        'ERROR: auth USER DOES NOT HAVE PERMISSION TO USE THIS FUNCTION - 6666|add_dnc_phone\n',
      ).kind,
    ).toBe('refused');
  });
});

describe('readSyncReply: update_lead', () => {
  it('is done when the lead was updated (with its notices)', () => {
    expect(readSyncReply('lead_dnc', 'SUCCESS: update_lead LEAD HAS BEEN UPDATED - 6666|193716\n')).toEqual({
      kind: 'done',
      message: 'SUCCESS: update_lead LEAD HAS BEEN UPDATED - 6666|193716',
    });
    expect(
      readSyncReply(
        'lead_quota',
        'SUCCESS: update_lead LEAD HAS BEEN UPDATED - 6666|193716\nNOTICE: update_lead CUSTOM FIELDS NOT UPDATED, NO FIELDS DEFINED - 7275551111|1234|101\n',
      ).kind,
    ).toBe('done');
  });

  it('is refused when no lead matches (deleted in VICIdial), without permission, for a list not allowed', () => {
    for (const line of [
      'ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - 6666|||',
      'NOTICE: update_lead NO MATCHES FOUND IN THE SYSTEM - 6666|4567|897654327|7275551212',
      'ERROR: update_lead USER DOES NOT HAVE PERMISSION TO UPDATE LEADS IN THE SYSTEM - 6666|0',
      'ERROR: update_lead NOT AN ALLOWED LIST ID, SEARCH - 7275551212|98762',
      'ERROR: update_lead NO VALID SEARCH METHOD - 6666|SYSTEM|||',
    ])
      expect(readSyncReply('lead_dnc', `${line}\n`), line).toEqual({ kind: 'refused', message: line });
  });

  it('a callback is done only with its SCHEDULED CALLBACK ADDED or UPDATED notice; NOT ADDED refuses it', () => {
    const updated = 'SUCCESS: update_lead LEAD HAS BEEN UPDATED - 6666|1234\n';
    expect(
      readSyncReply(
        'lead_callback',
        `${updated}NOTICE: update_lead SCHEDULED CALLBACK ADDED - 1234|2011-09-29 12:00:01|TESTCAMP|6666|USERONLY|CALLBK\n`,
      ).kind,
    ).toBe('done');
    expect(
      readSyncReply(
        'lead_callback',
        `${updated}NOTICE: update_lead SCHEDULED CALLBACK UPDATED - 1234|2011-09-29 12:00:01|TESTCAMP|6666|USERONLY|CALLBK\n`,
      ).kind,
    ).toBe('done');
    expect(
      readSyncReply(
        'lead_callback',
        `${updated}NOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, USER NOT VALID - 1234|TESTCAMP|6|\n`,
      ),
    ).toEqual({
      kind: 'refused',
      message:
        'SUCCESS: update_lead LEAD HAS BEEN UPDATED - 6666|1234 · NOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, USER NOT VALID - 1234|TESTCAMP|6|',
    });
    expect(
      readSyncReply(
        'lead_callback',
        `${updated}NOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, CAMPAIGN NOT VALID - 1234|XYZ\n`,
      ).kind,
    ).toBe('refused');
  });
});

describe('readSyncReply: credentials and no answer', () => {
  it('refuses bad credentials without the password VICIdial echoes', () => {
    expect(
      readSyncReply('lead_dnc', 'ERROR: Invalid Username/Password: |crmapi|fake-dialer-secret|\n', SECRETS),
    ).toEqual({ kind: 'refused', message: 'The dialer refused the API user or password (Invalid Username/Password).' });
  });

  it("takes an empty reply or a page that is not VICIdial's as no answer (tried again)", () => {
    expect(readSyncReply('lead_dnc', '')).toEqual({ kind: 'transient', message: 'The dialer sent an empty reply.' });
    expect(readSyncReply('dnc_number', '<html><body>busy</body></html>').kind).toBe('transient');
    expect(readSyncReply('lead_callback', 'NOTICE: update_lead SCHEDULED CALLBACK ADDED - 1|x\n').kind).toBe(
      'transient',
    );
  });
});
