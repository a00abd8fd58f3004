// The automatic checks' constants, apart from their schemas (schemas/recording-analysis.ts) so that the analysis
// thread, which needs only these, loads no zod (a third of its start-up and ~25 MB).

/** A silence longer than this many seconds is a hold (the scorecard's client rule names a 30-second hold). */
export const DEFAULT_HOLD_SECONDS = 30;
/** Points of the waveform drawn in the player (each the loudest absolute sample of its stretch, 0..1). */
export const WAVEFORM_POINTS = 1000;
