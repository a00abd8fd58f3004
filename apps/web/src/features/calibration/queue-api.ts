// The QC work queue as the new-session form reads it (GET /api/qcQueue/pagination/{page}/{size}), to add its calls.
import { ZQcQueuePage, type TQcQueuePage } from '@crm/shared';
import { api } from '../../app/api.ts';
import { CALIBRATION_KEY } from './api.ts';

/** How many of the queue's calls the form lists at once. */
export const QUEUE_PICK_SIZE = 25;

export const queuePickKey = (campaignName: string, date: string, page: number) =>
  [...CALIBRATION_KEY, 'queue', campaignName, date, page] as const;

/** One page of the queue's calls of a campaign, of one call date when given; failures are shown beside the list. */
export function fetchQueueCalls(campaignName: string, date: string, page: number): Promise<TQcQueuePage> {
  return api.get(`/api/qcQueue/pagination/${page}/${QUEUE_PICK_SIZE}`, {
    query: { campaignName, date: date === '' ? undefined : date },
    schema: ZQcQueuePage,
    notify: false,
  });
}
