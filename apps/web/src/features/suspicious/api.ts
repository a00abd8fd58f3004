// The /api/suspicious calls of the suspicious completes screen and their react-query keys (docs/guide/suspicious.md);
// the settings' calls are shared with the QC queue's Settings tab (components/suspicious-settings.ts).
import { ZSuspiciousList, type TSuspiciousList } from '@crm/shared';
import { api } from '../../app/api.ts';
import type { TSuspiciousFilters } from './suspicious-params.ts';

export {
  SUSPICIOUS_SETTINGS_KEY,
  fetchSuspiciousSettings,
  saveSuspiciousSettings,
} from '../../components/suspicious-settings.ts';

export const SUSPICIOUS_KEY = ['suspicious'] as const;
export const suspiciousListKey = (filters: TSuspiciousFilters) => [...SUSPICIOUS_KEY, 'list', filters] as const;

// Every failure is shown on the screen, beside what failed.
export function fetchSuspicious(filters: TSuspiciousFilters): Promise<TSuspiciousList> {
  return api.get('/api/suspicious', {
    query: { date: filters.date, campaignName: filters.campaignName || undefined },
    schema: ZSuspiciousList,
    notify: false,
  });
}
