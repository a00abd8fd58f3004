// The Hold Process hint's words: each hold over the limit with its length and place, the longest three when there
// are more, nothing before the analysis is done.
import { describe, expect, it } from 'vitest';
import { monoWithHold, pendingReply } from '../../../test/analysis-test-data.ts';
import { holdHints } from './hold-hint.ts';

const hold = (startSec: number, seconds: number) => ({ startSec, endSec: startSec + seconds });

describe('holdHints', () => {
  it('names the hold with its length and where it starts', () => {
    expect(holdHints(monoWithHold())).toEqual({ hints: [{ startSec: 134, text: 'Hold of 31 s at 02:14' }], more: 0 });
  });

  it('lists up to three holds in call order, the longest ones when there are more', () => {
    const reply = monoWithHold();
    reply.deadAir = {
      totalSec: 300,
      longestSec: 60,
      holds: [hold(10, 31), hold(100, 60), hold(200, 35), hold(300, 40), hold(3700, 45)],
    };
    expect(holdHints(reply)).toEqual({
      hints: [
        { startSec: 100, text: 'Hold of 60 s at 01:40' },
        { startSec: 300, text: 'Hold of 40 s at 05:00' },
        { startSec: 3700, text: 'Hold of 45 s at 1:01:40' },
      ],
      more: 2,
    });
  });

  it('has nothing to say before the analysis is done', () => {
    expect(holdHints(pendingReply())).toEqual({ hints: [], more: 0 });
    expect(holdHints(undefined)).toEqual({ hints: [], more: 0 });
  });
});
