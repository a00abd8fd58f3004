// QC reports (spec §2 QC Reports; §7 the report calls): xlsx exports and the JSON summaries.
import type { App } from '../../app.ts';

export async function qcReportRoutes(app: App) {
  void app;
}
