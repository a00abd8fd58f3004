// The /api/suspicious calls of the suspicious completes screen and their react-query keys (docs/guide/suspicious.md).
import { z } from 'zod';
import {
  ZSuspiciousList,
  ZSuspiciousSettings,
  type TSuspiciousList,
  type TSuspiciousSettings,
  type TSuspiciousSettingsUpdate,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import type { TSuspiciousFilters } from './suspicious-params.ts';

export const SUSPICIOUS_KEY = ['suspicious'] as const;
export const suspiciousListKey = (filters: TSuspiciousFilters) => [...SUSPICIOUS_KEY, 'list', filters] as const;
export const SUSPICIOUS_SETTINGS_KEY = [...SUSPICIOUS_KEY, 'settings'] as const;

// Every failure is shown on the screen, beside what failed.
export function fetchSuspicious(filters: TSuspiciousFilters): Promise<TSuspiciousList> {
  return api.get('/api/suspicious', {
    query: { date: filters.date, campaignName: filters.campaignName || undefined },
    schema: ZSuspiciousList,
    notify: false,
  });
}

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
