// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

export const SUSPICIOUS_EXPECTATIONS: Record<string, string> = {};

export function SUSPICIOUS_PROBES(_w: World): Record<string, ProbeSpec> {
  return {};
}
