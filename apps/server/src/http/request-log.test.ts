// The request log: one line per request naming the signed-in user, and no phone number in full anywhere in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createCampaign, createUser, openTestDatabase, sessionTokenFor, testConfig } from '../test/harness.ts';

const lines: string[] = [];
let app: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  const config = await testConfig({ logLevel: 'info' });
  const opened = await openTestDatabase(config.db);
  drop = opened.drop;
  app = await buildApp(config, { database: opened.database, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('the request log', () => {
  it('names the user of each signed-in request and masks phone numbers to their last 4 digits', async () => {
    const campaign = await createCampaign(app.db);
    const agent = await createUser(app.db, { role: 'agent' });
    const token = await sessionTokenFor(app, agent, { campaign: campaign.campaignName });
    const res = await app.inject({
      method: 'GET',
      url: `/api/ap/getByNumber?tableName=${encodeURIComponent(campaign.campaignName)}&cellNumber=01719876543`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBeLessThan(500);
    const requestLine = lines
      .map((l) => JSON.parse(l) as { msg: string; url?: string; userId?: string })
      .find((l) => l.msg === 'request' && l.url?.includes('getByNumber'));
    expect(requestLine).toMatchObject({ userId: String(agent.id) });
    expect(requestLine?.url).toContain('cellNumber=*******6543');
    expect(lines.join('\n')).not.toContain('1719876543');
  });

  it('never holds a media token: a URL carrying one is logged with token=***', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/voicelog/download-mp3?fileName=2026-11-20/a.wav&token=not.a-real.media-token',
    });
    expect(res.statusCode).toBe(401);
    const requestLine = lines
      .map((l) => JSON.parse(l) as { msg: string; url?: string })
      .find((l) => l.msg === 'request' && l.url?.startsWith('/api/voicelog/download-mp3'));
    expect(requestLine?.url).toBe('/api/voicelog/download-mp3?fileName=2026-11-20/a.wav&token=***');
    expect(lines.join('\n')).not.toContain('not.a-real.media-token');
  });
});
