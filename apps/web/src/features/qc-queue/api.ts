// The /api/qcQueue calls of the QC queue screen and their react-query keys (docs/guide/qc-queue.md).
import { z } from 'zod';
import {
  ZFlaggedQcQueuePage,
  ZQcQueueProgress,
  ZQcQueueSettings,
  type TFlaggedQcQueuePage,
  type TQcQueueProgress,
  type TQcQueueSettings,
  type TQcQueueSettingsUpdate,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import type { TQueueFilters } from './queue-params.ts';

export const QC_QUEUE_KEY = ['qc-queue'] as const;
export const queuePageKey = (filters: TQueueFilters, page: number, size: number) =>
  [...QC_QUEUE_KEY, 'page', filters, page, size] as const;
export const progressKey = (filters: TQueueFilters) => [...QC_QUEUE_KEY, 'progress', filters] as const;
export const SETTINGS_KEY = [...QC_QUEUE_KEY, 'settings'] as const;

const queryOf = (filters: TQueueFilters) => ({
  campaignName: filters.campaignName || undefined,
  date: filters.date || undefined,
});

// Every failure is shown on the screen, beside what failed.
export function fetchQueuePage(filters: TQueueFilters, page: number, size: number): Promise<TFlaggedQcQueuePage> {
  return api.get(`/api/qcQueue/pagination/${page}/${size}`, {
    query: queryOf(filters),
    schema: ZFlaggedQcQueuePage,
    notify: false,
  });
}

export function fetchProgress(filters: TQueueFilters): Promise<TQcQueueProgress> {
  return api.get('/api/qcQueue/progress', { query: queryOf(filters), schema: ZQcQueueProgress, notify: false });
}

// Claims are shared with the QC panel's "Submit and next".
export { claimNextCall, releaseClaim } from '../../components/qc-call/queue-call.ts';

export function fetchQueueSettings(): Promise<TQcQueueSettings[]> {
  return api.get('/api/qcQueue/settings', { schema: z.array(ZQcQueueSettings), notify: false });
}

export function saveQueueSettings(campaignName: string, body: TQcQueueSettingsUpdate): Promise<TQcQueueSettings> {
  return api.put(`/api/qcQueue/settings/${encodeURIComponent(campaignName)}`, body, {
    schema: ZQcQueueSettings,
    notify: false,
  });
}
