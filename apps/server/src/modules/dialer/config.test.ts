import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const VICIDIAL = {
  VICIDIAL_URL: 'http://dialer.local/vicidial/non_agent_api.php',
  VICIDIAL_USER: 'crmapi',
  VICIDIAL_PASS: 'secret',
  VICIDIAL_USER_GROUPS: 'VIRTUAL, INHOUSE',
};

describe('dialer settings', () => {
  it('are unconfigured without DIALER or VICIDIAL_URL', () => {
    expect(loadConfig({}).dialer).toEqual({ mode: 'unconfigured' });
  });

  it('select VICIdial from VICIDIAL_URL, with groups separated by commas or pipes, a 5 s poll and a 4 s time-out', () => {
    expect(loadConfig(VICIDIAL).dialer).toEqual({
      mode: 'vicidial',
      url: VICIDIAL.VICIDIAL_URL,
      user: 'crmapi',
      pass: 'secret',
      userGroups: ['VIRTUAL', 'INHOUSE'],
      pollMs: 5000,
      timeoutMs: 4000,
      agentApiUrl: 'http://dialer.local/agc/api.php',
    });
    expect(loadConfig({ ...VICIDIAL, VICIDIAL_USER_GROUPS: 'A|B', DIALER_POLL_MS: '2000' }).dialer).toMatchObject({
      userGroups: ['A', 'B'],
      pollMs: 2000,
    });
  });

  it('run the simulator with DIALER=simulated, even when VICIdial is also set', () => {
    expect(loadConfig({ DIALER: 'simulated' }).dialer).toEqual({ mode: 'simulated', pollMs: 5000 });
    expect(loadConfig({ ...VICIDIAL, DIALER: 'simulated' }).dialer.mode).toBe('simulated');
  });

  it('refuse to start on incomplete or invalid settings, naming what is wrong', () => {
    expect(() => loadConfig({ VICIDIAL_URL: VICIDIAL.VICIDIAL_URL })).toThrow(
      /VICIDIAL_USER, VICIDIAL_PASS, VICIDIAL_USER_GROUPS/,
    );
    expect(() => loadConfig({ DIALER: 'vicidial' })).toThrow(/needs VICIDIAL_URL/);
    expect(() => loadConfig({ ...VICIDIAL, VICIDIAL_USER_GROUPS: ' , ' })).toThrow(/VICIDIAL_USER_GROUPS/);
    expect(() => loadConfig({ ...VICIDIAL, DIALER_POLL_MS: '500' })).toThrow(/DIALER_POLL_MS must be at least 1000/);
    expect(() => loadConfig({ ...VICIDIAL, VICIDIAL_URL: 'ftp://dialer.local/x' })).toThrow(/VICIDIAL_URL/);
    expect(() => loadConfig({ DIALER: 'magic' })).toThrow(/DIALER must be vicidial or simulated/);
  });

  it('never put the password in a configuration error', () => {
    expect(() => loadConfig({ ...VICIDIAL, VICIDIAL_USER_GROUPS: '' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });
});
