// The chips' words: dead air, longest silence, the agent's talk and overtalk (stereo only), holds, warnings, pending and
// unreadable, each read alone and with a hint of what it measures; and times written as the player shows them.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_MESSAGES } from '@crm/shared';
import { monoWithHold, pendingReply, stereoWithOvertalk } from '../test/analysis-test-data.ts';
import { checkChips, checkSummary, clockAt, secondsText } from './check-text.ts';

const texts = (chips: { text: string }[]) => chips.map((c) => c.text);

describe('the check chips', () => {
  it('give a stereo call its dead air, longest silence, the agent’s talk and overtalk, each named and explained', () => {
    const reply = { ...stereoWithOvertalk(), deadAir: { totalSec: 42.4, longestSec: 31.2, holds: [] } };
    const chips = checkChips(reply);
    expect(texts(chips)).toEqual(['Dead air 42 s', 'Longest silence 31 s', 'Agent talk 38 %', 'Overtalk 3×']);
    expect(checkSummary(reply)).toBe('Dead air 42 s · longest silence 31 s · agent talk 38 % · overtalk 3×');
    expect(chips.map((c) => c.hint)).toEqual([
      'Where nobody speaks, added up over the whole call',
      'The longest single stretch where nobody speaks',
      'The agent’s share of the talk (talk ratio)',
      'Times both spoke at once for 0.3 s or more',
    ]);
  });

  it('give a mono call no talk ratio or overtalk, and its hold in red', () => {
    const chips = checkChips(monoWithHold());
    expect(texts(chips)).toEqual(['Dead air 37 s', 'Longest silence 31 s', 'Hold 31 s']);
    expect(chips.find((c) => c.key === 'holds')).toMatchObject({
      tone: 'hold',
      hint: 'Silences longer than the hold limit of 30 s',
    });
  });

  it('count several holds and give the longest', () => {
    const reply = monoWithHold();
    reply.deadAir = {
      totalSec: 80,
      longestSec: 45,
      holds: [
        { startSec: 10, endSec: 41 },
        { startSec: 100, endSec: 145 },
      ],
    };
    expect(texts(checkChips(reply))).toContain('2 holds, longest 45 s');
  });

  it('warn of a too quiet recording and of clipping from one sample in a thousand', () => {
    const reply = { ...monoWithHold(), tooQuiet: true, clippingShare: 0.0123 };
    const warnings = checkChips(reply).filter((c) => c.tone === 'warning');
    expect(texts(warnings)).toEqual(['Too quiet', 'Clipping 1.2 %']);
    expect(checkChips({ ...monoWithHold(), clippingShare: 0.0009 }).some((c) => c.key === 'clipping')).toBe(false);
  });

  it('say a recording is being analysed, or why it is unreadable', () => {
    expect(texts(checkChips(pendingReply()))).toEqual([ANALYSIS_MESSAGES.pending]);
    expect(texts(checkChips({ ...pendingReply(), status: 'unreadable', reason: 'Not an MP3 or WAV file' }))).toEqual([
      'Unreadable: Not an MP3 or WAV file',
    ]);
  });
});

describe('times', () => {
  it('write whole seconds, or tenths under ten seconds', () => {
    expect([secondsText(42.4), secondsText(9.96), secondsText(2.44), secondsText(3), secondsText(0.04)]).toEqual([
      '42 s',
      '10 s',
      '2.4 s',
      '3 s',
      '0 s',
    ]);
  });

  it('write a place in the call as mm:ss, with hours when there are any', () => {
    expect([clockAt(134.9), clockAt(5), clockAt(3725)]).toEqual(['02:14', '00:05', '1:02:05']);
  });
});
