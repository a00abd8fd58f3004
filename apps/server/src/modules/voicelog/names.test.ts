import { describe, expect, it } from 'vitest';
import { parseRecordingName, phoneKey } from './names.ts';
import { parseRange } from './range.ts';

describe('parseRecordingName', () => {
  it("reads VICIdial's FULLDATE_CUSTPHONE_AGENT names: time, number and agent", () => {
    expect(parseRecordingName('20261117-101500_01712345678_AG-1001-all.mp3', 'BD')).toEqual({
      dateTime: '2026-11-17 10:15:00',
      phoneNumber: '01712345678',
      agentId: 'AG-1001',
    });
    expect(parseRecordingName('20261117-235959_+8801712345678_6666-all.WAV', 'BD')).toEqual({
      dateTime: '2026-11-17 23:59:59',
      phoneNumber: '+8801712345678',
      agentId: '6666',
    });
    // Without the -all suffix the agent is still read.
    expect(parseRecordingName('20261117-101500_8801712345678_agent_7.mp3', 'BD')).toEqual({
      dateTime: '2026-11-17 10:15:00',
      phoneNumber: '8801712345678',
      agentId: 'agent_7',
    });
  });

  it('reads only the number from other names: the first run of 7+ digits that is a valid number', () => {
    expect(parseRecordingName('call-+8801712345678-followup.wav', 'BD')).toEqual({
      dateTime: null,
      phoneNumber: '+8801712345678',
      agentId: '',
    });
    // A time stamp before the number is no valid number, so the number wins.
    expect(parseRecordingName('20261117101500-01712345678.mp3', 'BD')).toEqual({
      dateTime: null,
      phoneNumber: '01712345678',
      agentId: '',
    });
    // No valid number at all: the first long run of digits.
    expect(parseRecordingName('rec-1234567-x.mp3', 'BD').phoneNumber).toBe('1234567');
    expect(parseRecordingName('no-number.mp3', 'BD').phoneNumber).toBe('');
    // An impossible VICIdial time is not a time.
    expect(parseRecordingName('20261340-101500_01712345678_AG-1-all.mp3', 'BD')).toEqual({
      dateTime: null,
      phoneNumber: '01712345678',
      agentId: '',
    });
  });

  it('keys a number the same however it is written, in the configured country', () => {
    const key = phoneKey('01712345678', 'BD');
    for (const n of ['+880 1712-345678', '8801712345678', '0088 01712 345678', '1712345678'])
      expect(phoneKey(n, 'BD'), n).toBe(key);
    expect(phoneKey('020 7946 0018', 'GB')).toBe(phoneKey('+44 20 7946 0018', 'GB'));
    expect(phoneKey('12-34', 'BD')).toBe('1234');
  });
});

describe('parseRange', () => {
  it('serves single byte ranges, cuts an end past the file, refuses what cannot be served', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-0', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=10-', 100)).toEqual({ kind: 'partial', start: 10, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('BYTES=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    for (const ignored of ['bytes=5-1', 'bytes=-', 'bytes=0-1,3-4', 'lines=0-1', ''])
      expect(parseRange(ignored, 100), ignored).toEqual({ kind: 'full' });
  });
});
