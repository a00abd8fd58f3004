// The queue's reads as the routes call them: the catch-up of attribution first, then the page or the progress.
import type { TFlaggedQcQueuePage, TPageParams, TQcQueueProgress, TQcQueueQuery } from '@crm/shared';
import { attributeRecordings } from '../voicelog/catalog/attribution.ts';
import type { TQueueDeps } from './claims.ts';
import { listQueue } from './list.ts';
import { findQueueProgress } from './progress.ts';
import { campaignIdOf } from './settings.ts';

export async function readQueuePage(
  deps: TQueueDeps,
  inspectorId: number,
  query: TQcQueueQuery,
  params: TPageParams,
): Promise<TFlaggedQcQueuePage> {
  const campaignId = query.campaignName === undefined ? undefined : await campaignIdOf(deps.db, query.campaignName);
  await attributeRecordings(deps.db, deps.timeZone);
  return listQueue(deps.db, query, params, {
    campaignId,
    inspectorId,
    holdSeconds: deps.holdSeconds,
    now: new Date(),
    timeZone: deps.timeZone,
  });
}

export async function readQueueProgress(deps: TQueueDeps, query: TQcQueueQuery): Promise<TQcQueueProgress> {
  const campaignId = query.campaignName === undefined ? undefined : await campaignIdOf(deps.db, query.campaignName);
  await attributeRecordings(deps.db, deps.timeZone);
  return findQueueProgress(deps.db, query, campaignId, deps.timeZone);
}
