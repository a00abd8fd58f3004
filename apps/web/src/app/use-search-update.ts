// The address's query as a screen's state, changed from what was last written rather than from what the last render
// read: the router re-renders a navigation as a transition, so a second change typed right after a first (two date
// fields filled in a row) would otherwise start from the address before the first and undo it.
import { useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type TSearchUpdate = (change: (now: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

export function useSearchUpdate(): [URLSearchParams, TSearchUpdate] {
  const [search, setSearch] = useSearchParams();
  const latest = useRef(search);
  // Back, a link or a reload moved the address: that is now the latest.
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const update: TSearchUpdate = (change, options) => {
    const next = change(latest.current);
    latest.current = next;
    setSearch(next, options);
  };
  return [search, update];
}

/** How a screen's state is kept in the address: read from it, written to it, and one change applied to it. */
export type TAddressCodec<T> = {
  read: (params: URLSearchParams) => T;
  write: (state: T) => URLSearchParams;
  change: (current: T, change: Partial<T>) => T;
};

/** A screen's state kept in the address, each change applied to the last one written (see useSearchUpdate). */
export function useAddressState<T>(
  codec: TAddressCodec<T>,
  options?: NavigateOptions,
): [T, (change: Partial<T>) => void] {
  const [search, setSearch] = useSearchUpdate();
  const update = (change: Partial<T>) =>
    setSearch((now) => codec.write(codec.change(codec.read(now), change)), options);
  return [codec.read(search), update];
}
