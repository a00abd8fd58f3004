// The QC loop's agent side of a scored record (docs/qc-records.md): comments on the recording, acknowledgements.
import type { App } from '../../app-type.ts';

export async function qcRecordRoutes(_app: App) {}
