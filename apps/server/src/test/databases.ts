// Test databases: one migrated template per run, and a fresh copy of it for each test file. The copies are owned by
// the test cluster's admin; the app under test connects as TEST_APP_ROLE, as a server does as its own role.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { urlAs } from '../db/roles.ts';

/**
 * The application's role of the tests (db/roles.ts): made once on the test cluster (global-setup.ts) and shared by
 * every run on it, so its password is fixed; the grants come with the template into every copy.
 */
export const TEST_APP_ROLE = { name: 'crm_test_app', password: 'crm-test-app-password' } as const;

/** The database at `url` (an owner's URL) as the tests' application role. */
export function appUrlOf(url: string): string {
  return urlAs(url, TEST_APP_ROLE.name, TEST_APP_ROLE.password);
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** CREATE DATABASE … TEMPLATE: a migrated, empty database in milliseconds. */
export async function createDatabaseFromTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, async (c) => {
    // Two copies of one template at the same instant can collide; the second simply tries again.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
        return;
      } catch (e) {
        if (attempt >= 20 || !String(e).includes('being accessed by other users')) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
}
