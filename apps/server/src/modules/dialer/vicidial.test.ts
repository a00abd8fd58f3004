import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STATS, startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';
import {
  DialerReadError,
  parseUserGroupStatus,
  readUserGroupStatus,
  userGroupStatusUrl,
  type VicidialSettings,
} from './vicidial.ts';

const HEADER =
  'usergroups|calls_waiting|agents_logged_in|agents_in_calls|agents_waiting|agents_paused|agents_in_dead_calls|agents_in_dispo|agents_in_dial';

function parseError(text: string): string {
  try {
    parseUserGroupStatus(text);
  } catch (e) {
    expect(e).toBeInstanceOf(DialerReadError);
    return (e as Error).message;
  }
  throw new Error('parsed without an error');
}

describe('parseUserGroupStatus', () => {
  it('reads the documented reply: a header line and one data line', () => {
    expect(parseUserGroupStatus(`${HEADER}\nADMIN AGENT|0|1|0|1|0|0|0|0\n`)).toEqual({
      calls_waiting: 0,
      agents_logged_in: 1,
      agents_in_calls: 0,
      agents_waiting: 1,
      agents_paused: 0,
      agents_in_dead_calls: 0,
      agents_in_dispo: 0,
      agents_in_dial: 0,
    });
    expect(parseUserGroupStatus(`${HEADER}\r\nSALES|3|12|7|2|1|0|1|1\r\n`)).toEqual({
      calls_waiting: 3,
      agents_logged_in: 12,
      agents_in_calls: 7,
      agents_waiting: 2,
      agents_paused: 1,
      agents_in_dead_calls: 0,
      agents_in_dispo: 1,
      agents_in_dial: 1,
    });
  });

  it('reads columns by their names, not their positions', () => {
    const header =
      'agents_in_dial|usergroups|agents_logged_in|calls_waiting|agents_in_calls|agents_waiting|agents_paused|agents_in_dead_calls|agents_in_dispo|new_column';
    expect(parseUserGroupStatus(`${header}\n9|G1 G2|40|5|20|4|3|2|1|x`)).toMatchObject({
      agents_in_dial: 9,
      agents_logged_in: 40,
      calls_waiting: 5,
      agents_in_calls: 20,
    });
  });

  it('turns an ERROR: reply into its message', () => {
    expect(parseError('ERROR: user_group_status INVALID SEARCH PARAMETERS - 6666||\n')).toBe(
      'user_group_status INVALID SEARCH PARAMETERS - 6666||',
    );
  });

  it('refuses replies it cannot read instead of guessing figures', () => {
    expect(parseError('<html><body>It works!</body></html>')).toMatch(/could not be read/);
    expect(parseError('SALES|3|12|7|2|1|0|1|1')).toMatch(/could not be read/); // no header (header=NO)
    expect(parseError(`${HEADER}\nSALES|3|12|7|2|1|0|1`)).toMatch(/do not match/);
    expect(parseError(`${HEADER}\nSALES|3|twelve|7|2|1|0|1|1`)).toMatch(/agents_logged_in is "twelve", not a count/);
    expect(parseError(`${HEADER}\nSALES|3|-1|7|2|1|0|1|1`)).toMatch(/agents_logged_in/);
    expect(parseError(`${HEADER.replace('|agents_in_dispo', '')}\nSALES|3|12|7|2|1|0|1`)).toMatch(
      /no agents_in_dispo column/,
    );
    expect(parseError(`${HEADER}\nG1|3|12|7|2|1|0|1|1\nG2|3|12|7|2|1|0|1|1`)).toMatch(/one line of figures/);
    expect(parseError('')).toMatch(/could not be read/);
  });
});

describe('readUserGroupStatus against a fake VICIdial', () => {
  let fake: FakeVicidial;
  let settings: VicidialSettings;
  beforeAll(async () => {
    fake = await startFakeVicidial({ user: 'crmapi', pass: 's3cret|&=pass' });
    settings = {
      mode: 'vicidial',
      url: fake.url,
      user: fake.user,
      pass: fake.pass,
      userGroups: ['VIRTUAL', 'INHOUSE'],
      pollMs: 1000,
      // Generous: an answer must never be mistaken for a hang on a busy machine; the hang test sets its own.
      timeoutMs: 10_000,
    };
  });
  afterAll(async () => fake.close());
  const read = () => readUserGroupStatus(settings, new AbortController().signal);
  const failure = async (p: Promise<unknown> = read()) => {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(DialerReadError);
    return (e as Error).message;
  };

  it('sends the documented query, credentials and groups included, and reads the figures', async () => {
    fake.set({ kind: 'figures', stats: FAKE_STATS });
    expect(await read()).toEqual(FAKE_STATS);
    const q = fake.requests.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({
      source: 'crm',
      user: 'crmapi',
      pass: 's3cret|&=pass',
      function: 'user_group_status',
      user_groups: 'VIRTUAL|INHOUSE',
      header: 'YES',
    });
    expect(userGroupStatusUrl(settings).pathname).toBe('/vicidial/non_agent_api.php');
  });

  it('reports an ERROR: reply with its message, without the API user or password', async () => {
    fake.set({
      kind: 'error',
      message: 'user_group_status USER DOES NOT HAVE PERMISSION TO GET USER GROUP INFO - crmapi|0',
    });
    expect(await failure()).toBe('user_group_status USER DOES NOT HAVE PERMISSION TO GET USER GROUP INFO - ***|0');
    const wrong = { ...settings, pass: 'wrong-password' };
    fake.set({ kind: 'figures', stats: FAKE_STATS });
    const message = await failure(readUserGroupStatus(wrong, new AbortController().signal));
    expect(message).toMatch(/DOES NOT HAVE PERMISSION/);
    expect(message).not.toContain('crmapi');
  });

  it('reports garbage, an HTTP error, a hang (after the time-out) and an unreachable dialer', async () => {
    fake.set({ kind: 'garbage', body: '<html>Apache2 Default Page</html>' });
    expect(await failure()).toMatch(/could not be read/);
    fake.set({ kind: 'status', code: 500 });
    expect(await failure()).toBe('The dialer answered HTTP 500.');
    fake.set({ kind: 'hang' });
    const started = Date.now();
    const impatient = { ...settings, timeoutMs: 400 };
    expect(await failure(readUserGroupStatus(impatient, new AbortController().signal))).toBe(
      'The dialer did not answer within 400 ms.',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    const closed = { ...settings, url: 'http://127.0.0.1:9/vicidial/non_agent_api.php' };
    const message = await failure(readUserGroupStatus(closed, new AbortController().signal));
    expect(message).toMatch(/^Cannot reach the dialer at 127\.0\.0\.1:9/);
    expect(message).not.toContain(settings.pass);
  });
});
