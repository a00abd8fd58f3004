// Which database failures the user is told are an outage, a full disk or a busy server, and with which words.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/shared';
import { classifyDatabaseError } from '../db/pg-errors.ts';
import { databaseFailureReply } from './database-errors.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('classifyDatabaseError', () => {
  it.each([
    ['53100', 'disk-full'],
    ['57014', 'busy'],
    ['55P03', 'busy'],
    ['40P01', 'busy'],
    ['53300', 'busy'],
    ['57P01', 'unavailable'],
    ['57P03', 'unavailable'],
    ['08006', 'unavailable'],
    ['08P01', 'unavailable'],
    ['ECONNREFUSED', 'unavailable'],
    ['ECONNRESET', 'unavailable'],
  ])('SQLSTATE or socket code %s is %s', (code, kind) => {
    expect(classifyDatabaseError(pgError(code))).toBe(kind);
  });

  it.each([
    ['Connection terminated unexpectedly', 'unavailable'],
    ['Connection terminated', 'unavailable'],
    ['Client has encountered a connection error and is not queryable', 'unavailable'],
    ['timeout exceeded when trying to connect', 'busy'],
  ])('node-postgres saying "%s" is %s', (message, kind) => {
    expect(classifyDatabaseError(new Error(message))).toBe(kind);
  });

  it('leaves every other error alone: a constraint, a bad value, a bug', () => {
    expect(classifyDatabaseError(pgError('23505'))).toBeUndefined();
    expect(classifyDatabaseError(pgError('22P02'))).toBeUndefined();
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeUndefined();
    expect(classifyDatabaseError('a string')).toBeUndefined();
  });
});

describe('databaseFailureReply', () => {
  it('answers 503, 507 or 503 with the words for each, a read being told only that the server is busy', () => {
    expect(databaseFailureReply('unavailable', 'PUT')).toEqual({ status: 503, message: MESSAGES.database.unavailable });
    expect(databaseFailureReply('disk-full', 'POST')).toEqual({ status: 507, message: MESSAGES.database.diskFull });
    expect(databaseFailureReply('busy', 'PUT')).toEqual({ status: 503, message: MESSAGES.database.busy });
    expect(databaseFailureReply('busy', 'GET')).toEqual({ status: 503, message: MESSAGES.database.busyReading });
  });
});
