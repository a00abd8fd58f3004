// The QC panel's own calls (docs/product.md §7 QC): the two records of a call and the recording linked to each, the
// comments on the recording's timeline (docs/qc-records.md), and the answer history of the call's lead (the agents to
// score are read in components/qc-call/scorable-agents.ts, with the call's warm-up).
import {
  ZLeadAnswerHistory,
  ZQcClientRecord,
  ZQcRecord,
  ZQcRecordComment,
  ZQcRecordComments,
  ZQcRecordFile,
  type TLeadAnswerHistoryEntry,
  type TQcClientRecord,
  type TQcClientRecordCreateInput,
  type TQcRecord,
  type TQcRecordComment,
  type TQcRecordCommentCreateInput,
  type TQcRecordCreateInput,
  type TQcRecordFile,
} from '@crm/shared';
import { api } from '../../../app/api.ts';

// The screen shows each failure beside the Submit button, naming which record it was.
export function addQcRecord(body: TQcRecordCreateInput): Promise<TQcRecord> {
  return api.post('/api/qcReport/add', body, { schema: ZQcRecord, notify: false });
}

export function addClientQcRecord(body: TQcClientRecordCreateInput): Promise<TQcClientRecord> {
  return api.post('/api/qcReport/addforclient', body, { schema: ZQcClientRecord, notify: false });
}

export function addQcRecordFile(qcRecordId: number, fileName: string): Promise<TQcRecordFile> {
  return api.post(
    '/api/qcReport/add-qc-report-file',
    { qcReport: { id: qcRecordId }, fileName },
    { schema: ZQcRecordFile, notify: false },
  );
}

export const recordCommentsKey = (qcRecordId: number) => ['qc', 'record-comments', qcRecordId] as const;

/** Submit shows a refusal beside its button, with the comment kept to send again. */
export function addQcRecordComment(qcRecordId: number, body: TQcRecordCommentCreateInput): Promise<TQcRecordComment> {
  return api.post(`/api/qc-records/${qcRecordId}/comments`, body, { schema: ZQcRecordComment, notify: false });
}

export function fetchQcRecordComments(qcRecordId: number): Promise<TQcRecordComment[]> {
  return api.get(`/api/qc-records/${qcRecordId}/comments`, { schema: ZQcRecordComments, notify: false });
}

export function deleteQcRecordComment(qcRecordId: number, commentId: number): Promise<unknown> {
  return api.del(`/api/qc-records/${qcRecordId}/comments/${commentId}`, { notify: false });
}

export const answerHistoryKey = (leadId: number, version: number | undefined) =>
  ['qc', 'answer-history', leadId, version] as const;

/** Every survey save of the lead, newest first (the card shows the failure itself). */
export function fetchLeadAnswerHistory(leadId: number): Promise<TLeadAnswerHistoryEntry[]> {
  return api.get(`/api/ap/answerHistory/${leadId}`, { schema: ZLeadAnswerHistory, notify: false });
}
