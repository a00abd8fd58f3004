// The queue's address, the panel's address of a claimed call, a claim's time left, and the N shortcut.
import { describe, expect, it } from 'vitest';
import {
  QUEUE_PAGE_SIZE,
  QUEUE_PAGE_SIZES,
  durationText,
  isScoreNextKey,
  panelAddress,
  readQueueParams,
  timeLeftText,
  writeQueueParams,
} from './queue-params.ts';

describe('the queue address', () => {
  it('reads campaign, date, a 1-based page and a page size, ignoring what is not a day, a page or a size offered', () => {
    expect(readQueueParams(new URLSearchParams('campaignName=%20Mobile%20&date=2026-11-20&page=3&size=50'))).toEqual({
      campaignName: 'Mobile',
      date: '2026-11-20',
      page: 2,
      size: 50,
    });
    expect(readQueueParams(new URLSearchParams('date=2026-02-30&page=-1&size=7'))).toEqual({
      campaignName: '',
      date: '',
      page: 0,
      size: 15,
    });
  });

  it('shows 15 calls a page by default, the offered sizes on asking', () => {
    expect(QUEUE_PAGE_SIZE).toBe(15);
    expect(QUEUE_PAGE_SIZES).toEqual([15, 25, 50, 100]);
  });

  it('writes only what is set, and goes back to page one when a filter or the size changes', () => {
    const state = { campaignName: 'Mobile', date: '', page: 2, size: 15 };
    expect(writeQueueParams(state, { page: 4 }).toString()).toBe('campaignName=Mobile&page=5');
    expect(writeQueueParams(state, { date: '2026-11-20' }).toString()).toBe('campaignName=Mobile&date=2026-11-20');
    expect(writeQueueParams(state, { campaignName: '' }).toString()).toBe('');
    expect(writeQueueParams(state, { size: 25 }).toString()).toBe('campaignName=Mobile&size=25');
    expect(writeQueueParams({ ...state, size: 25 }, { page: 1 }).toString()).toBe('campaignName=Mobile&page=2&size=25');
  });
});

it('opens the QC panel on the claimed call: campaign, number, date and recording', () => {
  const address = panelAddress({
    campaignName: 'Mobile & Co',
    phoneNumber: '01712345678',
    callDate: '2026-11-20',
    fileName: '20261120-101500_01712345678_AG1-all.wav',
  });
  expect(address).toBe(
    '/qcChecking?campaignName=Mobile+%26+Co&consumerNumber=01712345678&callDate=2026-11-20&file=20261120-101500_01712345678_AG1-all.wav',
  );
});

describe('claims and durations', () => {
  const now = Date.parse('2026-11-20T10:00:00Z');
  it('says the whole minutes left, under a minute, or expired', () => {
    expect(timeLeftText('2026-11-20T10:14:59Z', now)).toBe('14 min left');
    expect(timeLeftText('2026-11-20T10:00:30Z', now)).toBe('under a minute left');
    expect(timeLeftText('2026-11-20T09:59:00Z', now)).toBe('expired');
  });

  it('writes a length as m:ss', () => {
    expect(durationText(95)).toBe('1:35');
    expect(durationText(5)).toBe('0:05');
    expect(durationText(null)).toBe('—');
  });
});

describe('the N shortcut', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it('is N or n on the page, not typed into a field nor with a modifier', () => {
    expect(isScoreNextKey(key('n'), document.body)).toBe(true);
    expect(isScoreNextKey(key('N'), document.body)).toBe(true);
    expect(isScoreNextKey(key('m'), document.body)).toBe(false);
    expect(isScoreNextKey(key('n', { ctrlKey: true }), document.body)).toBe(false);
    expect(isScoreNextKey(key('n'), document.createElement('input'))).toBe(false);
    expect(isScoreNextKey(key('n'), document.createElement('textarea'))).toBe(false);
  });
});
