// Schemas of calibration sessions (docs/calibration.md).
export {};
