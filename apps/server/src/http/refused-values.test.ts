import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeRefusedValue, MAX_DB_INTEGER } from './refused-values.ts';

const request = (parts: { params?: unknown; query?: unknown; body?: unknown }) =>
  ({ params: {}, query: {}, body: undefined, ...parts }) as FastifyRequest;

describe('describeRefusedValue', () => {
  it('names the field holding a NUL character, in a list or a key too', () => {
    expect(describeRefusedValue({ code: '22021' }, request({ body: { name: 'a\u0000' } }))).toBe(
      'body.name: text may not contain a NUL character (\\u0000)',
    );
    expect(describeRefusedValue({ code: '22P05' }, request({ body: [{ title: 'ok' }, { title: 'x\u0000' }] }))).toBe(
      'body.1.title: text may not contain a NUL character (\\u0000)',
    );
    expect(describeRefusedValue({ code: '22021' }, request({ body: { 'Q1\u0000': 'x' } }))).toBe(
      'body (a key): text may not contain a NUL character (\\u0000)',
    );
    expect(describeRefusedValue({ code: '22021' }, request({ query: { search: '\u0000' } }))).toMatch(
      /^querystring\.search: /,
    );
  });

  it('names the number beyond an integer column, a number before a string of digits', () => {
    const big = MAX_DB_INTEGER + 1;
    expect(
      describeRefusedValue({ code: '22003' }, request({ params: { cell: '8801712345678' }, body: { id: big } })),
    ).toBe('body.id: the number is too large (at most 2,147,483,647)');
    expect(describeRefusedValue({ code: '22003' }, request({ params: { id: String(big) } }))).toMatch(/^params\.id: /);
  });

  it('leaves every other error, and one no value of the request explains, to be a server error', () => {
    expect(describeRefusedValue({ code: '22003' }, request({ body: { id: 5 } }))).toBeUndefined();
    expect(describeRefusedValue({ code: '22021' }, request({ body: { name: 'fine' } }))).toBeUndefined();
    expect(describeRefusedValue({ code: '23505' }, request({ body: { name: 'a\u0000' } }))).toBeUndefined();
    expect(describeRefusedValue(new Error('boom'), request({ body: { id: MAX_DB_INTEGER + 1 } }))).toBeUndefined();
  });
});
