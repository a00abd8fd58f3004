// An empty database of a test file's own (no migration run: a migration test steps through them itself), made before
// its tests and dropped after them.
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createKysely } from '../db/connect.ts';
import type { Db } from '../db/schema.ts';
import { databaseUrl, dropDatabase, withClient } from './databases.ts';

/**
 * Registers the file's beforeAll and afterAll, and gives its connection (two clients; none opens before the first
 * query). `label` names the database (crm_<label>_<pid>), apart from other files' and runs'.
 */
export function emptyDatabase(label: string): Db {
  const name = `crm_${label}_${process.pid}`;
  const adminUrl = inject('dbAdminUrl');
  const db = createKysely(databaseUrl(adminUrl, name), 2);
  beforeAll(async () => {
    await withClient(adminUrl, (c) => c.query(`create database ${pg.escapeIdentifier(name)}`));
  });
  afterAll(async () => {
    await db.destroy();
    await dropDatabase(adminUrl, name);
  });
  return db;
}
