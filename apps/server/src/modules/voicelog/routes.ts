// The voice log (spec §7 Voice log; design.md §5): recordings searched by date and number, streamed with Range.
import type { App } from '../../app.ts';

export async function voicelogRoutes(app: App) {
  void app;
}
