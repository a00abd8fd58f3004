// The end of a call on the agent's /CRM (docs/guide/call-loop.md, Dispositions and Callbacks): the disposition step by keyboard
// (1–9 choose, Enter saves, Esc back to the survey), the save carrying the disposition, the callback form of a callback
// disposition (checked before the save, set after it, a refusal keeping the form for Retry), a dnc disposition's listing,
// and VICIdial's refusal of the disposition shown while the save stands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { CALLBACK_MESSAGES } from '@crm/shared';
import { displayTimeZone } from '../../app/time-zone.ts';
import {
  CELL,
  endOfCall,
  leadSaves,
  press,
  renderCrm,
  SAVE_ROUTE,
  saved,
  saveCompletedCall,
  searchNumber,
  surveyRegion,
  typeAtQ2,
} from '../../test/crm-calls.ts';
import type { TSentRequest } from '../../test/lead-actions-test-fetch.ts';
import { callbackTimeMs, callbackTimeText } from './callback-time.ts';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const callbackPosts = (sent: TSentRequest[]) =>
  sent.filter((r) => r.method === 'POST' && r.path === '/api/callbacks').map((r) => r.body);

/** A time two hours ahead on the call centre's clock, as the form takes it. */
const inTwoHours = () => callbackTimeText(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000, displayTimeZone());

describe('the disposition step', () => {
  it('asks how a completed call ended with Completed chosen; Enter saves it with that disposition', async () => {
    const server = renderCrm();
    searchNumber();
    await surveyRegion();
    press('1');
    press('Enter');
    const end = await endOfCall();
    expect(within(end).getByText('The survey is completed.')).toBeTruthy();
    // A completed survey offers only completed dispositions, the first chosen and focused.
    const completed = within(end).getByRole('radio', { name: '1 Completed' }) as HTMLInputElement;
    expect(completed.checked).toBe(true);
    expect(within(end).getAllByRole('radio')).toHaveLength(1);
    expect(document.activeElement).toBe(completed);
    expect(within(end).getByRole('timer', { name: 'Call time' })).toBeTruthy();
    press('Enter');
    expect(await screen.findByText('Saved as Completed. Search the next number.')).toBeTruthy();
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([
      { Q1: 'Yes', Q2: null, is_called: 1, disposition: 'COMPLETE' },
    ]);
    // Ready for the next number.
    expect(document.activeElement).toBe(screen.getByLabelText('Cell number'));
  });

  it('offers the rest for an end not completed, chooses none, and takes the choice by number key', async () => {
    const server = renderCrm({ [SAVE_ROUTE]: saved({ Q1: 'No', Q2: 'Too expensive' }) });
    const survey = await typeAtQ2();
    fireEvent.click(within(survey).getByRole('button', { name: 'Next' }));
    const end = await endOfCall();
    expect(within(end).getByText('The survey ended not completed.')).toBeTruthy();
    expect(within(end).getAllByRole('radio')).toHaveLength(5);
    expect(within(end).queryByRole('radio', { name: '1 Completed' })).toBeNull();
    press('Enter');
    expect(await within(end).findByText('Choose how the call ended (keys 1–9)')).toBeTruthy();
    expect(leadSaves(server.sent)).toEqual([]);
    press('3');
    expect((within(end).getByRole('radio', { name: '3 Wrong number' }) as HTMLInputElement).checked).toBe(true);
    expect(within(end).getByText('The lead is not called again.')).toBeTruthy();
    press('Enter');
    await screen.findByText('Saved as Wrong number. Search the next number.');
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([
      { Q1: 'No', Q2: 'Too expensive', is_called: 0, disposition: 'WRONG' },
    ]);
  });

  it('goes back to the survey on Esc with the answers as they were, and ends again from there', async () => {
    renderCrm();
    const survey = await typeAtQ2('Costs too much');
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    await endOfCall();
    press('Escape');
    const again = await surveyRegion();
    expect(screen.queryByRole('region', { name: 'End of call' })).toBeNull();
    expect((within(again).getByLabelText('Answer to Q2') as HTMLInputElement).value).toBe('Costs too much');
    fireEvent.click(within(again).getByRole('button', { name: 'Partial Call' }));
    expect(await endOfCall()).toBeTruthy();
  });

  it('saves with no disposition when the campaign has none to read (the server takes its default)', async () => {
    const server = renderCrm({ 'GET /api/dispositions': { status: 404, body: { message: 'Not found.' } } });
    searchNumber();
    await surveyRegion();
    press('1');
    press('Enter');
    const end = await endOfCall();
    expect(
      within(end).getByText("The campaign's dispositions could not be read: the save takes its default for this end."),
    ).toBeTruthy();
    press('Enter');
    await screen.findByText('Saved. Search the next number.');
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([{ Q1: 'Yes', Q2: null, is_called: 1 }]);
  });
});

describe('a callback disposition', () => {
  it('comes with Partial Call; the time is asked before the save, then the callback is set after it', async () => {
    const server = renderCrm({
      [SAVE_ROUTE]: saved({ Q1: 'No', Q2: 'Partial Call' }),
      'POST /api/callbacks': { body: { id: 5 } },
    });
    const survey = await typeAtQ2('Busy now');
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    const end = await endOfCall();
    expect(within(end).getByText('Partial Call at Q2: what you typed there is kept for the next call.')).toBeTruthy();
    expect((within(end).getByRole('radio', { name: '1 Partial / call back' }) as HTMLInputElement).checked).toBe(true);
    const time = within(end).getByLabelText(/^Callback time/);

    // No time: nothing is saved, and the time field takes the focus.
    press('Enter');
    expect(await within(end).findByText('Give the callback time (yyyy-MM-dd HH:mm)')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(time));
    fireEvent.change(time, { target: { value: '2020-01-01 10:00' } });
    press('Enter');
    expect(await within(end).findByText(CALLBACK_MESSAGES.inThePast)).toBeTruthy();
    expect(leadSaves(server.sent)).toEqual([]);

    const at = inTwoHours();
    fireEvent.change(time, { target: { value: at } });
    fireEvent.click(within(end).getByRole('radio', { name: 'Anyone of the campaign' }));
    fireEvent.change(within(end).getByLabelText('Callback note'), { target: { value: 'After 6 pm' } });
    press('Enter');

    expect(
      await screen.findByText(`Saved as Partial / call back. ${CALLBACK_MESSAGES.set(at)}. Search the next number.`),
    ).toBeTruthy();
    // The save carries the callback too: a dialer's call sends it to VICIdial with the disposition.
    expect(leadSaves(server.sent).map((r) => r.body)).toEqual([
      {
        Q1: 'No',
        Q2: 'Partial Call',
        is_called: 0,
        disposition: 'CALLBACK',
        callback: { at, mineOnly: false, note: 'After 6 pm' },
      },
    ]);
    expect(callbackPosts(server.sent)).toEqual([{ leadId: 12, at, mineOnly: false, note: 'After 6 pm' }]);
  });

  it('fills the time from a quick pick by its key', async () => {
    const server = renderCrm({
      [SAVE_ROUTE]: saved({ Q1: 'No', Q2: 'Partial Call' }),
      'POST /api/callbacks': { body: { id: 5 } },
    });
    const survey = await typeAtQ2();
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    const end = await endOfCall();
    press('h');
    const at = (within(end).getByLabelText(/^Callback time/) as HTMLInputElement).value;
    const ahead = (callbackTimeMs(at, displayTimeZone()) ?? 0) - Date.now();
    expect(ahead).toBeGreaterThan(59 * 60_000);
    expect(ahead).toBeLessThanOrEqual(61 * 60_000);
    press('Enter');
    await screen.findByText(`Saved as Partial / call back. ${CALLBACK_MESSAGES.set(at)}. Search the next number.`);
    expect(callbackPosts(server.sent)).toEqual([{ leadId: 12, at, mineOnly: true, note: '' }]);
  });

  it('keeps the form and every value typed when the callback is refused; Retry sets it, the lead saved once', async () => {
    let posts = 0;
    const server = renderCrm({
      [SAVE_ROUTE]: saved({ Q1: 'No', Q2: 'Partial Call' }),
      'POST /api/callbacks': () =>
        ++posts === 1
          ? { status: 503, body: { message: 'The database is busy. Try again in a moment.' } }
          : { body: { id: 5 } },
    });
    const survey = await typeAtQ2();
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    const end = await endOfCall();
    const at = inTwoHours();
    fireEvent.change(within(end).getByLabelText(/^Callback time/), { target: { value: at } });
    fireEvent.change(within(end).getByLabelText('Callback note'), { target: { value: 'Ask for Karim' } });
    press('Enter');

    const failure = await within(end).findByRole('alert');
    expect(within(failure).getByText('The callback was not set')).toBeTruthy();
    expect(within(failure).getByText('The database is busy. Try again in a moment.')).toBeTruthy();
    expect((within(end).getByLabelText(/^Callback time/) as HTMLInputElement).value).toBe(at);
    expect((within(end).getByLabelText('Callback note') as HTMLInputElement).value).toBe('Ask for Karim');
    const retry = within(failure).getByRole('button', { name: 'Retry' });
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);

    await screen.findByText(`Saved as Partial / call back. ${CALLBACK_MESSAGES.set(at)}. Search the next number.`);
    expect(leadSaves(server.sent)).toHaveLength(1);
    expect(callbackPosts(server.sent)).toEqual([
      { leadId: 12, at, mineOnly: true, note: 'Ask for Karim' },
      { leadId: 12, at, mineOnly: true, note: 'Ask for Karim' },
    ]);
  });

  it('lets the agent go on without the callback once it cannot be set; the call stays saved', async () => {
    const server = renderCrm({
      [SAVE_ROUTE]: saved({ Q1: 'No', Q2: 'Partial Call' }),
      'POST /api/callbacks': { status: 400, body: { message: CALLBACK_MESSAGES.neverCalled } },
    });
    const survey = await typeAtQ2();
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    const end = await endOfCall();
    fireEvent.change(within(end).getByLabelText(/^Callback time/), { target: { value: inTwoHours() } });
    press('Enter');
    const failure = await within(end).findByRole('alert');
    expect(within(failure).getByText(CALLBACK_MESSAGES.neverCalled)).toBeTruthy();
    fireEvent.click(within(failure).getByRole('button', { name: 'Go on without a callback' }));
    expect(await screen.findByText('Saved as Partial / call back. Search the next number.')).toBeTruthy();
    expect(leadSaves(server.sent)).toHaveLength(1);
  });
});

describe('a do-not-call disposition', () => {
  it("needs no extra button: the save lists the number and the screen says so in the server's words", async () => {
    const listed = `${CELL} is on the campaign's do-not-call list now`;
    const server = renderCrm({
      [SAVE_ROUTE]: saved(
        { Q1: 'No', Q2: 'Partial Call' },
        { doNotCall: { message: listed, phoneNumber: CELL, alreadyListed: false } },
      ),
    });
    const survey = await typeAtQ2();
    fireEvent.click(within(survey).getByRole('button', { name: 'Partial Call' }));
    const end = await endOfCall();
    press('5');
    expect((within(end).getByRole('radio', { name: '5 Do not call' }) as HTMLInputElement).checked).toBe(true);
    expect(within(end).getByText('The number goes on the campaign’s do-not-call list with the save.')).toBeTruthy();
    // No callback form for a disposition that is not a callback.
    expect(within(end).queryByLabelText(/^Callback time/)).toBeNull();
    press('Enter');
    expect(await screen.findByText(listed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Customer asked not to be called' })).toBeNull();
    expect(leadSaves(server.sent).map((r) => (r.body as Record<string, unknown>).disposition)).toEqual(['DNC']);
    expect(server.sent.filter((r) => r.path === '/api/ap/doNotCall')).toEqual([]);
  });
});

describe("VICIdial's answer to the disposition", () => {
  it.each(['refused', 'failed'])('shows its words when it %s, and the save stands', async (status) => {
    const words = 'ERROR: external_status agent_user is not logged in - 6001';
    renderCrm({ [SAVE_ROUTE]: saved({ is_called: 1 }, { dialer: { status, message: words } }) });
    await saveCompletedCall();
    expect(await screen.findByText('Saved as Completed. Search the next number.')).toBeTruthy();
    const alert = screen.getByText('VICIdial did not take the disposition').closest<HTMLElement>('[role="alert"]');
    expect(alert === null ? null : within(alert).getByText(words)).toBeTruthy();
  });

  it('says nothing more when VICIdial took it', async () => {
    renderCrm({
      [SAVE_ROUTE]: saved(
        { is_called: 1 },
        { dialer: { status: 'sent', message: 'SUCCESS: external_status function set' } },
      ),
    });
    await saveCompletedCall();
    await screen.findByText('Saved as Completed. Search the next number.');
    expect(screen.queryByText('VICIdial did not take the disposition')).toBeNull();
  });
});
