// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from '../authz-world.ts';

export const DISPOSITIONS_EXPECTATIONS: Record<string, string> = {};

export function DISPOSITIONS_PROBES(_w: World): Record<string, ProbeSpec> {
  return {};
}
