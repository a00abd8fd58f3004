// Test data of the QC screens: records of both kinds, an agent's record with its review, and the paged reply.
import {
  bestScores,
  qcGrade,
  qcTotal,
  toClientMarks,
  type TAgentQcRecord,
  type TAgentReview,
  type TKeysetPaged,
  type TQcClientRecord,
  type TQcRecord,
  type TQcScores,
} from '@crm/shared';

/** Every criterion at its best: the total is 100. */
export const BEST_SCORES: TQcScores = bestScores();

/** The call, agent and inspector both kinds of record share, total and grade from the scores. */
function recordCall(id: number, s: TQcScores) {
  return {
    id,
    callDate: '2026-03-02',
    agentName: 'Karim Hossain',
    agentId: 'AG-1001',
    campaignName: 'Spring Survey',
    consumerNumber: '+8801712345678',
    duration: 95,
    qcInspector: 'qc.rahman',
    total: qcTotal(s),
    agentGrade: qcGrade(qcTotal(s)),
    fileName: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    version: 3,
    scorecardId: 1,
  };
}

export function inHouseRecord(over: Partial<TQcRecord> = {}, scores: Partial<TQcScores> = {}): TQcRecord {
  const s = { ...BEST_SCORES, ...scores };
  return {
    ...recordCall(11, s),
    ...s,
    fatalReason: '',
    easVoiceMatchedWithReport: 'yes',
    suggestion: 'Slow down a little.',
    ...over,
  };
}

export function clientRecord(over: Partial<TQcClientRecord> = {}, scores: Partial<TQcScores> = {}): TQcClientRecord {
  const s = { ...BEST_SCORES, ...scores };
  return {
    ...recordCall(21, s),
    ...toClientMarks(s),
    fatalReasonMarks: '',
    easVoiceMatchedWithReportMarks: 'no',
    suggestionMarks: 'Client: fine.',
    ...over,
  };
}

/** A paged reply; one page alone unless cursors to the pages around it are given. */
export function paged<T>(
  content: T[],
  page = 0,
  size = 10,
  totalElements = content.length,
  cursors: TKeysetPaged<T>['cursors'] = { next: null, previous: null },
): TKeysetPaged<T> {
  return {
    recordCount: totalElements,
    response: { content, totalElements, totalPages: Math.ceil(totalElements / size), size, number: page },
    cursors,
  };
}

export function review(over: Partial<TAgentReview> = {}): TAgentReview {
  return {
    id: 5,
    qcId: 11,
    callDate: '2026-03-02',
    consumerNumber: '+8801712345678',
    total: 85,
    suggestion: 'Slow down a little.',
    qcInspector: 'qc.rahman',
    agentName: 'Karim Hossain',
    agentId: 'AG-1001',
    agreed: 'No',
    raiseConcern: true,
    comment: 'The customer hung up, not me.',
    isResolved: false,
    resolvedMessage: null,
    resolvedBy: null,
    resolvedAt: null,
    createdAt: '2026-03-03T09:00:00.000Z',
    voiceLog: null,
    ...over,
  };
}

export function agentRecord(over: Partial<TQcRecord> = {}, withReview: TAgentReview | null = null): TAgentQcRecord {
  return { ...inHouseRecord(over), review: withReview };
}
