// A server that never answers, for the time-out tests: every fetch settles only when its signal aborts.
import { afterEach, beforeEach, vi } from 'vitest';

export function silentServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
}

/** For a whole test file: fake timers and a silent server before each test, both undone after it. */
export function withSilentServer(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    silentServer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
