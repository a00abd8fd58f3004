// The time a demo test may take. Its first seedDemo builds the whole demo from scratch: about 25 s on a quiet machine,
// longer beside the suite's other worker, so the suite's 30 s would fail it for the machine's load, not for a fault.
import { vi } from 'vitest';

export const DEMO_TEST_TIMEOUT_MS = 180_000;

/** Gives every test of the calling file DEMO_TEST_TIMEOUT_MS. */
export function allowDemoSeedTime(): void {
  vi.setConfig({ testTimeout: DEMO_TEST_TIMEOUT_MS });
}
