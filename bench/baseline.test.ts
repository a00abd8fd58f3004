// The quick guard's verdicts: a ratio more than 15 % below the last release's is MISSED, anything else passes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Baseline,
  compareWithBaseline,
  loadCaution,
  parseBaseline,
  readBaseline,
  verdictLines,
  verdictRows,
  writeBaseline,
} from './baseline.ts';

const baseline: Baseline = {
  measuredAt: '2026-12-06T15:40:00.000Z',
  machine: '2 cores, 8 GiB, AMD EPYC, node v20.20.2',
  load: '1.50, 1.20, 0.90',
  commit: 'abc1234',
  ratios: {
    lookup: { value: 40, what: 'lookup ÷ bare Fastify route' },
    upload: { value: 80, what: 'lead upload ÷ psql \\copy' },
  },
};

const run = (lookup: number, upload: number) => ({
  lookup: { value: lookup, what: 'lookup ÷ bare Fastify route' },
  upload: { value: upload, what: 'lead upload ÷ psql \\copy' },
});

describe('compareWithBaseline', () => {
  it('passes ratios at, above or up to 15 % below their baseline', () => {
    const verdicts = compareWithBaseline(run(34, 95), baseline);
    expect(verdicts.map((v) => v.missed)).toEqual([false, false]);
    expect(verdicts[0]).toMatchObject({ baseline: 40, floor: 34 });
    expect(verdicts[0]?.change).toBeCloseTo(-0.15);
    expect(verdictLines(verdicts, baseline)).toEqual([
      'ok: 2 ratios within 15 % of the baseline of 2026-12-06 (commit abc1234, load 1.50, 1.20, 0.90)',
    ]);
  });

  it('misses a ratio more than 15 % below its baseline, and says by how much and against which run', () => {
    const verdicts = compareWithBaseline(run(30, 79), baseline);
    expect(verdicts.map((v) => v.missed)).toEqual([true, false]);
    const lines = verdictLines(verdicts, baseline);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^MISSED: lookup ÷ bare Fastify route: 30\.0 %, −25 % against 40\.0 %, below 34\.0 %/);
    expect(lines[0]).toContain('2026-12-06 (commit abc1234');
    expect(verdictRows(verdicts)[0]).toEqual(['lookup ÷ bare Fastify route', '30.0 %', '40.0 %', '−25 %', 'MISSED']);
  });

  it('misses a ratio that could not be measured', () => {
    expect(compareWithBaseline(run(Number.NaN, 80), baseline)[0]?.missed).toBe(true);
  });

  it('passes a ratio the baseline does not have yet, and every ratio when there is no baseline', () => {
    const added = { ...run(40, 80), export: { value: 120, what: 'QC export ÷ exceljs alone' } };
    expect(compareWithBaseline(added, baseline)[2]).toEqual({
      name: 'export',
      what: 'QC export ÷ exceljs alone',
      value: 120,
      missed: false,
    });
    const none = compareWithBaseline(run(1, 1), undefined);
    expect(none.some((v) => v.missed)).toBe(false);
    expect(verdictRows(none)[0]?.[4]).toBe('ok (no baseline yet)');
  });
});

describe('loadCaution', () => {
  it('warns when this run or the baseline ran on a busy machine, and stays quiet when both were quiet', () => {
    expect(loadCaution(baseline, 0.8, 2)).toBeUndefined();
    expect(loadCaution(baseline, 4.7, 2)).toMatch(/^\(load 4\.7 now, the baseline's 1\.5, on 2 cores: /);
    expect(loadCaution({ ...baseline, load: '7.09, 8.45, 8.62' }, 1, 2)).toMatch(/the baseline's 7\.1/);
    expect(loadCaution(undefined, 3, 2)).toMatch(/^\(load 3\.0 now, on 2 cores/);
  });
});

describe('the baseline file', () => {
  it('is written and read back as it was', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-baseline-'));
    try {
      const file = path.join(dir, 'baseline.json');
      expect(await readBaseline(file)).toBeUndefined();
      await writeBaseline(baseline, file);
      expect(await readBaseline(file)).toEqual(baseline);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file without the run it came from or with a ratio that is not a number', () => {
    const { commit: _commit, ...withoutCommit } = baseline;
    expect(() => parseBaseline(JSON.stringify(withoutCommit))).toThrow('"commit" is not a string');
    const badRatio = { ...baseline, ratios: { lookup: { value: '40', what: 'lookup' } } };
    expect(() => parseBaseline(JSON.stringify(badRatio))).toThrow('ratio "lookup" needs a finite "value"');
  });

  it('in the repository is a valid baseline of the three ratios', async () => {
    const current = await readBaseline();
    expect(Object.keys(current?.ratios ?? {}).sort()).toEqual(['export', 'lookup', 'upload']);
  });
});
