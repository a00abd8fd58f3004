// jsdom set-up for the web tests: the browser APIs Mantine needs, and a clean DOM and storage per test.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
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

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  setDisplayTimeZone(undefined);
});
