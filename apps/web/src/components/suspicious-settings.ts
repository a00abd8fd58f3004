// Each campaign's suspicious-complete settings (GET/PUT /api/suspicious/settings, docs/guide/suspicious.md), read and
// saved by two screens: the suspicious completes' settings card and the QC queue's Settings tab (its "flagged calls
// first" order is one of them).
import { z } from 'zod';
import { ZSuspiciousSettings, type TSuspiciousSettings, type TSuspiciousSettingsUpdate } from '@crm/shared';
import { api } from '../app/api.ts';

/** Under ['suspicious'], so a save there reads the list again (its flags follow the settings). */
export const SUSPICIOUS_SETTINGS_KEY = ['suspicious', 'settings'] as const;

// Every failure is shown on the screen, beside what failed.
export function fetchSuspiciousSettings(): Promise<TSuspiciousSettings[]> {
  return api.get('/api/suspicious/settings', { schema: z.array(ZSuspiciousSettings), notify: false });
}

export function saveSuspiciousSettings(
  campaignName: string,
  body: TSuspiciousSettingsUpdate,
): Promise<TSuspiciousSettings> {
  return api.put(`/api/suspicious/settings/${encodeURIComponent(campaignName)}`, body, {
    schema: ZSuspiciousSettings,
    notify: false,
  });
}
