// The /api/disputes calls (docs/guide/disputes.md): the disputes list, raising, answering, escalating and deciding, the
// figures and the settings. Each screen shows its own failures, so none notifies on its own.
import {
  ZDisputableCriteria,
  ZDispute,
  ZDisputeFigures,
  ZDisputePage,
  ZDisputeSettings,
  type TDisputableCriteria,
  type TDispute,
  type TDisputeAnswerInput,
  type TDisputeFigures,
  type TDisputeFiguresQuery,
  type TDisputeListQuery,
  type TDisputePage,
  type TDisputeRaiseInput,
  type TDisputeSettings,
  type TDisputeSettingsUpdate,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { DISPUTES_KEY } from '../../app/query-keys.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { DISPUTES_KEY, disputeListKey, DISPUTE_SETTINGS_KEY } from '../../app/query-keys.ts';

export const disputeFiguresKey = (query: TDisputeFiguresQuery) => [...DISPUTES_KEY, 'figures', query] as const;

export function fetchDisputes(query: TDisputeListQuery, page: number, size: number): Promise<TDisputePage> {
  return api.get(`/api/disputes/pagination/${page}/${size}`, {
    query: { status: query.status, qcId: query.qcId },
    schema: ZDisputePage,
    notify: false,
  });
}

/** A record's criteria on its own scorecard version, with their scales: what both dialogs show. */
export const disputableCriteriaKey = (qcId: number) => [...DISPUTES_KEY, 'criteria', qcId] as const;
export function fetchDisputableCriteria(qcId: number): Promise<TDisputableCriteria> {
  return api.get(`/api/disputes/criteria/${qcId}`, { schema: ZDisputableCriteria, notify: false });
}

export function raiseDispute(body: TDisputeRaiseInput): Promise<TDispute> {
  return api.post('/api/disputes', body, { schema: ZDispute, notify: false });
}

export function answerDispute(id: number, body: TDisputeAnswerInput): Promise<TDispute> {
  return api.put(`/api/disputes/${id}/answer`, body, { schema: ZDispute, notify: false });
}

export function decideDispute(id: number, body: TDisputeAnswerInput): Promise<TDispute> {
  return api.put(`/api/disputes/${id}/decision`, body, { schema: ZDispute, notify: false });
}

export function escalateDispute(id: number, reason: string): Promise<TDispute> {
  return api.post(`/api/disputes/${id}/escalate`, { reason }, { schema: ZDispute, notify: false });
}

export function fetchDisputeFigures(query: TDisputeFiguresQuery): Promise<TDisputeFigures> {
  return api.get('/api/disputes/figures', {
    query: { startDate: query.startDate, endDate: query.endDate },
    schema: ZDisputeFigures,
    notify: false,
  });
}

export function fetchDisputeSettings(): Promise<TDisputeSettings> {
  return api.get('/api/disputes/settings', { schema: ZDisputeSettings, notify: false });
}

export function saveDisputeSettings(body: TDisputeSettingsUpdate): Promise<TDisputeSettings> {
  return api.put('/api/disputes/settings', body, { schema: ZDisputeSettings, notify: false });
}
