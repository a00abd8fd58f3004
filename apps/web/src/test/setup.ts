// jsdom set-up for the web tests: the browser APIs Mantine needs, and a clean DOM and storage per test.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setDisplayTimeZone } from '../app/time-zone.ts';

// Mantine reads media queries (color scheme, reduced motion) and observes element sizes; jsdom has neither.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window.ResizeObserver !== 'function') window.ResizeObserver = ResizeObserverStub;

// Comboboxes and scroll areas call these; jsdom does no layout.
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

// findBy… and waitFor wait for a state; 1 s (Testing Library's default) is too little for a lazily loaded screen's first
// render on a busy 2-core machine (the first test of a file also pays for transforming it). A state that comes passes at
// once whatever this is; only a failing wait takes longer.
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  setDisplayTimeZone(undefined);
});
