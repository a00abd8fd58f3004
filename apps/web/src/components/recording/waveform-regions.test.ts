// The shaded regions: dead air from 2 s where no channel speaks, holds (shaded once, as holds), overtalk.
import { describe, expect, it } from 'vitest';
import { monoWithHold, pendingReply, stereoWithOvertalk } from '../../test/analysis-test-data.ts';
import { gapsOf, unionOfSpans, waveformRegions } from './waveform-regions.ts';

const brief = (regions: ReturnType<typeof waveformRegions>) =>
  regions.map((r) => [r.kind, r.startSec, r.endSec, r.label]);

describe('waveformRegions', () => {
  it('shades the hold and the silences of 2 s or more, not the 1.5 s pause', () => {
    expect(brief(waveformRegions(monoWithHold()))).toEqual([
      ['silence', 60, 64, 'Silence 4 s at 01:00'],
      ['hold', 134, 165, 'Hold 31 s at 02:14'],
    ]);
  });

  it('shades dead air only where neither channel speaks, and the overtalk', () => {
    expect(brief(waveformRegions(stereoWithOvertalk()))).toEqual([
      ['overtalk', 18, 20, 'Overtalk 2 s at 00:18'],
      ['silence', 28, 30, 'Silence 2 s at 00:28'],
      ['overtalk', 45, 50, 'Overtalk 5 s at 00:45'],
      ['silence', 60, 80, 'Silence 20 s at 01:00'],
      ['silence', 117.5, 120, 'Silence 2.5 s at 01:57'],
    ]);
  });

  it('shades a silence at the start, and nothing of a recording not analysed yet', () => {
    const reply = {
      ...monoWithHold(),
      speech: [[{ startSec: 3, endSec: 200 }]],
      deadAir: { totalSec: 3, longestSec: 3, holds: [] },
    };
    expect(brief(waveformRegions(reply))).toEqual([['silence', 0, 3, 'Silence 3 s at 00:00']]);
    expect(waveformRegions(pendingReply())).toEqual([]);
  });
});

describe('spans', () => {
  it('merges overlapping and touching spans of all channels', () => {
    expect(
      unionOfSpans([
        [
          { startSec: 0, endSec: 2 },
          { startSec: 5, endSec: 6 },
        ],
        [
          { startSec: 1, endSec: 3 },
          { startSec: 3, endSec: 4 },
        ],
      ]),
    ).toEqual([
      { startSec: 0, endSec: 4 },
      { startSec: 5, endSec: 6 },
    ]);
  });

  it('finds the gaps up to the end, and all of it when nothing is spoken', () => {
    expect(gapsOf([{ startSec: 1, endSec: 4 }], 10)).toEqual([
      { startSec: 0, endSec: 1 },
      { startSec: 4, endSec: 10 },
    ]);
    expect(gapsOf([], 7)).toEqual([{ startSec: 0, endSec: 7 }]);
  });
});
