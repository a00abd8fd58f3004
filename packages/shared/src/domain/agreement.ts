// Agreement statistics of calibration sessions (docs/calibration.md).
export {};
