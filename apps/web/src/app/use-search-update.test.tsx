// Two changes of the address made before the router re-renders both stay (two date fields filled in a row).
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { useSearchUpdate } from './use-search-update.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/list?size=25']}>{children}</MemoryRouter>
);

function setParam(key: string, value: string) {
  return (now: URLSearchParams) => {
    const next = new URLSearchParams(now);
    next.set(key, value);
    return next;
  };
}

describe('useSearchUpdate', () => {
  it('keeps both of two changes made in one go', () => {
    const { result } = renderHook(() => ({ state: useSearchUpdate(), location: useLocation() }), { wrapper });
    act(() => {
      const [, update] = result.current.state;
      update(setParam('startDate', '2026-03-01'));
      update(setParam('endDate', '2026-03-31'));
    });
    expect(result.current.location.search).toBe('?size=25&startDate=2026-03-01&endDate=2026-03-31');
    expect(result.current.state[0].get('startDate')).toBe('2026-03-01');
  });
});
