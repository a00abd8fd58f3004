import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('RECORDINGS_DIR and VOICE_LOG_URL', () => {
  it('keep recordings in DATA_DIR/recordings unless RECORDINGS_DIR says otherwise (relative to where npm ran)', () => {
    const defaults = loadConfig({});
    expect(defaults.recordingsDir).toBe(path.join(defaults.dataDir, 'recordings'));
    expect(loadConfig({ DATA_DIR: '/srv/crm' }).recordingsDir).toBe('/srv/crm/recordings');
    expect(loadConfig({ RECORDINGS_DIR: '/mnt/calls' }).recordingsDir).toBe('/mnt/calls');
    expect(loadConfig({ RECORDINGS_DIR: 'calls', INIT_CWD: '/home/ops' }).recordingsDir).toBe('/home/ops/calls');
  });

  it('serve RECORDINGS_DIR unless VOICE_LOG_URL names an http(s) voice-log server', () => {
    expect(loadConfig({})).toMatchObject({ voiceLogUrl: undefined, voiceLogTimeoutMs: 10_000 });
    expect(
      loadConfig({ VOICE_LOG_URL: 'http://voice.local:8080/voicelog/', VOICE_LOG_TIMEOUT_MS: '3000' }),
    ).toMatchObject({ voiceLogUrl: 'http://voice.local:8080/voicelog', voiceLogTimeoutMs: 3000 });
    expect(() => loadConfig({ VOICE_LOG_URL: 'ftp://voice.local/x' })).toThrow(
      /VOICE_LOG_URL must be the http\(s\) URL/,
    );
    expect(() => loadConfig({ VOICE_LOG_URL: 'voice.local' })).toThrow(/VOICE_LOG_URL/);
    expect(() => loadConfig({ VOICE_LOG_TIMEOUT_MS: '10' })).toThrow(/VOICE_LOG_TIMEOUT_MS must be at least 100/);
  });
});
