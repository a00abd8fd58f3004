import { describe, expect, it } from 'vitest';
import {
  coachingFormFromParams,
  emptyCoachingForm,
  focusOnScorecard,
  newSessionHref,
  toCoachingRequest,
  validateCoachingForm,
  wantsNewSession,
} from './coaching-form.ts';

describe('the New coaching session form', () => {
  it("says what is missing in the form's words, per field", () => {
    const errors = validateCoachingForm(emptyCoachingForm());
    expect(errors.agentId).toBe('Agent is required');
    expect(errors.campaignName).toBe('Campaign is required');
    expect(errors.focus).toBe('Choose at least one focus criterion');
  });

  it('puts an action item error under its own row, blank rows skipped', () => {
    const values = {
      ...emptyCoachingForm(),
      agentId: 'AG-1001',
      campaignName: 'Mobile',
      focus: ['crm'],
      actionItems: [
        { text: '', due: '' },
        { text: 'Read the CRM guide', due: '' },
        { text: '', due: '2026-12-20' },
      ],
      meetingDate: '2026-12-10',
    };
    const errors = validateCoachingForm(values);
    expect(errors['actionItems.1.due']).toBe('Due is required');
    expect(errors['actionItems.2.text']).toBe('An action item needs its text');
    expect(errors['actionItems.0.text']).toBeUndefined();
  });

  it('sends ids as numbers, no private notes or meeting date as absent, and drops blank action items', () => {
    const values = {
      ...emptyCoachingForm(),
      agentId: 'AG-1001',
      campaignName: 'Mobile',
      focus: ['crm', 'greetings'],
      qcRecordIds: ['12', '7'],
      notes: 'Ask every question',
      actionItems: [
        { text: 'Read the CRM guide', due: '2026-12-20' },
        { text: '', due: '' },
      ],
    };
    expect(validateCoachingForm(values)).toEqual({});
    expect(toCoachingRequest(values)).toEqual({
      agentId: 'AG-1001',
      campaignName: 'Mobile',
      focus: ['crm', 'greetings'],
      qcRecordIds: [12, 7],
      notes: 'Ask every question',
      privateNotes: undefined,
      actionItems: [{ text: 'Read the CRM guide', due: '2026-12-20' }],
      meetingDate: null,
    });
  });

  it("is filled from QC insights' link: agent, campaign and focus (comma-separated or repeated)", () => {
    const href = newSessionHref({ agentId: 'AG-1001', campaignName: 'Mobile Survey', focus: ['crm', 'fatal'] });
    expect(href).toBe('/coaching?new=1&agentId=AG-1001&campaignName=Mobile+Survey&focus=crm%2Cfatal');
    const params = new URLSearchParams(href.split('?')[1]);
    expect(wantsNewSession(params)).toBe(true);
    expect(coachingFormFromParams(params)).toMatchObject({
      agentId: 'AG-1001',
      campaignName: 'Mobile Survey',
      focus: ['crm', 'fatal'],
    });
    expect(coachingFormFromParams(new URLSearchParams('focus=crm&focus=pace&focus=crm')).focus).toEqual([
      'crm',
      'pace',
    ]);
    expect(wantsNewSession(new URLSearchParams('agentId=x'))).toBe(false);
  });

  it("keeps the focus keys the campaign's scorecard has and names the others", () => {
    expect(focusOnScorecard(['crm', 'liveliness', 'fatal'], ['greetings', 'crm', 'fatal'])).toEqual({
      kept: ['crm', 'fatal'],
      dropped: ['liveliness'],
    });
  });
});
