// The audit screen's address: filters, page and size survive a reload; values the server would refuse are dropped.
import { describe, expect, it } from 'vitest';
import {
  auditQuery,
  changeAuditParams,
  hasAuditFilters,
  rangeProblem,
  readAuditParams,
  writeAuditParams,
} from './audit-params.ts';

const read = (search: string) => readAuditParams(new URLSearchParams(search));

describe('the address of /audit', () => {
  it('reads back what it writes, with the page shown 1-based', () => {
    const state = read(
      'actor=qc.rahman&objectType=qcRecord&objectId=42&action=update&from=2026-03-01&to=2026-03-02&page=3&size=25',
    );
    expect(state).toEqual({
      actor: 'qc.rahman',
      objectType: 'qcRecord',
      objectId: '42',
      action: 'update',
      from: '2026-03-01',
      to: '2026-03-02',
      page: 2,
      size: 25,
    });
    expect(read(writeAuditParams(state).toString())).toEqual(state);
  });

  it('leaves defaults out, so the unfiltered first page is a bare /audit', () => {
    expect(writeAuditParams(read('')).toString()).toBe('');
    expect(read('')).toMatchObject({ page: 0, size: 10, actor: '', objectType: '' });
  });

  it('drops what it cannot use: unknown types and actions, impossible dates, odd pages and sizes', () => {
    expect(read('objectType=password&action=drop&from=2026-13-01&to=yesterday&page=-1&size=7')).toEqual({
      actor: '',
      objectType: '',
      objectId: '',
      action: '',
      from: '',
      to: '',
      page: 0,
      size: 10,
    });
  });

  it('starts again at the first page when a filter or the size changes, not when the page does', () => {
    const state = read('page=4&objectType=agent');
    expect(changeAuditParams(state, { page: 1 }).page).toBe(1);
    expect(changeAuditParams(state, { actor: 'boss' })).toMatchObject({ page: 0, actor: 'boss', objectType: 'agent' });
    expect(changeAuditParams(state, { size: 50 }).page).toBe(0);
  });
});

describe('the filters', () => {
  it('send only the filters that are set, trimmed', () => {
    expect(
      auditQuery({ actor: ' boss ', objectType: '', objectId: '', action: 'delete', from: '', to: '2026-03-02' }),
    ).toEqual({ actor: 'boss', action: 'delete', to: '2026-03-02' });
    expect(hasAuditFilters({ actor: ' ', objectType: '', objectId: '', action: '', from: '', to: '' })).toBe(false);
  });

  it('refuse a range that ends before it starts, as the server does', () => {
    const none = { actor: '', objectType: '', objectId: '', action: '' } as const;
    expect(rangeProblem({ ...none, from: '2026-03-03', to: '2026-03-02' })).toBe('From must not be after To');
    expect(rangeProblem({ ...none, from: '2026-03-02', to: '2026-03-02' })).toBeNull();
    expect(rangeProblem({ ...none, from: '2026-03-02', to: '' })).toBeNull();
  });
});
