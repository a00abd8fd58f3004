// The suspicious screen's address, keys and links.
import { describe, expect, it } from 'vitest';
import type { TSuspiciousCall } from '@crm/shared';
import {
  handleText,
  pageKeyOf,
  qcPanelAddress,
  readSuspiciousParams,
  shiftDay,
  writeSuspiciousParams,
} from './suspicious-params.ts';

const plain = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
const body = { tagName: 'BODY' } as unknown as EventTarget;

describe('the address', () => {
  it('reads today and every campaign when missing or not a day, and leaves them out when written', () => {
    expect(readSuspiciousParams(new URLSearchParams('date=2026-02-30'), '2026-11-20')).toEqual({
      date: '2026-11-20',
      campaignName: '',
    });
    expect(readSuspiciousParams(new URLSearchParams('date=2026-11-19&campaignName=Spring'), '2026-11-20')).toEqual({
      date: '2026-11-19',
      campaignName: 'Spring',
    });
    expect(writeSuspiciousParams({ date: '2026-11-20', campaignName: '' }, '2026-11-20').toString()).toBe('');
    expect(writeSuspiciousParams({ date: '2026-11-19', campaignName: 'Spring' }, '2026-11-20').toString()).toBe(
      'date=2026-11-19&campaignName=Spring',
    );
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the keys', () => {
  it('moves the day with ← →, the row with ↑ ↓, opens with Enter; never while typing or on a button', () => {
    expect(pageKeyOf({ ...plain, key: 'ArrowLeft' }, body)).toEqual({ kind: 'day', by: -1 });
    expect(pageKeyOf({ ...plain, key: 'ArrowRight' }, body)).toEqual({ kind: 'day', by: 1 });
    expect(pageKeyOf({ ...plain, key: 'ArrowDown' }, body)).toEqual({ kind: 'row', by: 1 });
    expect(pageKeyOf({ ...plain, key: 'ArrowUp' }, body)).toEqual({ kind: 'row', by: -1 });
    expect(pageKeyOf({ ...plain, key: 'Enter' }, body)).toEqual({ kind: 'open' });
    expect(pageKeyOf({ ...plain, key: 'Enter' }, { tagName: 'BUTTON' } as unknown as EventTarget)).toBeNull();
    expect(pageKeyOf({ ...plain, key: 'ArrowLeft' }, { tagName: 'INPUT' } as unknown as EventTarget)).toBeNull();
    expect(pageKeyOf({ ...plain, key: 'ArrowLeft', altKey: true }, body)).toBeNull();
    expect(pageKeyOf({ ...plain, key: 'x' }, body)).toBeNull();
  });
});

describe('the links and figures', () => {
  const call = {
    campaignName: 'Spring Survey',
    cellNumber: '+8801711000001',
    recordingFileName: '20261120-090000_01711000001_AG-1-all.mp3',
  } as TSuspiciousCall;

  it('opens the QC panel on the call, its recording chosen when there is one', () => {
    expect(qcPanelAddress(call, '2026-11-20')).toBe(
      '/qcChecking?campaignName=Spring+Survey&consumerNumber=%2B8801711000001&callDate=2026-11-20&file=20261120-090000_01711000001_AG-1-all.mp3',
    );
    expect(qcPanelAddress({ ...call, recordingFileName: null }, '2026-11-20')).toBe(
      '/qcChecking?campaignName=Spring+Survey&consumerNumber=%2B8801711000001&callDate=2026-11-20',
    );
  });

  it('writes handle times as minutes and seconds', () => {
    expect(handleText(59)).toBe('0:59');
    expect(handleText(75)).toBe('1:15');
    expect(handleText(3600)).toBe('60:00');
  });
});
