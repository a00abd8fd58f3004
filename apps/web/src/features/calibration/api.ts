// The /api/calibration calls of the calibration screens, the QC inspectors to choose from, and the recordings of a
// call (the voice log search), with the react-query keys that reload them.
import {
  MAX_PAGE_SIZE,
  ZCalibrationCall,
  ZCalibrationResults,
  ZCalibrationScoring,
  ZCalibrationSession,
  ZCalibrationSessionPage,
  ZCalibrationSessionSummary,
  ZScorecard,
  ZUser,
  ZVoiceLogPage,
  zPaged,
  type TCalibrationCall,
  type TCalibrationExpertSubmitInput,
  type TCalibrationResults,
  type TCalibrationScoring,
  type TCalibrationScoringSubmitInput,
  type TCalibrationSession,
  type TCalibrationSessionCreateInput,
  type TCalibrationSessionSummary,
  type TPaged,
  type TScorecard,
  type TUser,
  type TVoiceFile,
} from '@crm/shared';
import { api } from '../../app/api.ts';

export const CALIBRATION_KEY = ['calibration'] as const;
export const sessionKey = (id: number) => [...CALIBRATION_KEY, 'session', id] as const;
export const resultsKey = (id: number) => [...CALIBRATION_KEY, 'results', id] as const;

export function fetchSessionPage(page: number, size: number): Promise<TPaged<TCalibrationSessionSummary>> {
  return api.get(`/api/calibration/pagination/${page}/${size}`, { schema: ZCalibrationSessionPage });
}

export function createSession(body: TCalibrationSessionCreateInput): Promise<TCalibrationSessionSummary> {
  return api.post('/api/calibration', body, { schema: ZCalibrationSessionSummary });
}

export function fetchSession(id: number): Promise<TCalibrationSession> {
  return api.get(`/api/calibration/${id}`, { schema: ZCalibrationSession });
}

export function submitScoring(
  id: number,
  callId: number,
  body: TCalibrationScoringSubmitInput,
): Promise<TCalibrationScoring> {
  return api.put(`/api/calibration/${id}/calls/${callId}/scoring`, body, { schema: ZCalibrationScoring });
}

export function closeSession(id: number): Promise<TCalibrationSessionSummary> {
  return api.post(`/api/calibration/${id}/close`, {}, { schema: ZCalibrationSessionSummary });
}

export function fetchResults(id: number): Promise<TCalibrationResults> {
  return api.get(`/api/calibration/${id}/results`, { schema: ZCalibrationResults });
}

/** The expert marks: the 14 spec fields on a "Standard" call, `scorecard: {id, marks}` on any call. */
export function saveExpert(id: number, callId: number, body: TCalibrationExpertSubmitInput): Promise<TCalibrationCall> {
  return api.put(`/api/calibration/${id}/calls/${callId}/expert`, body, { schema: ZCalibrationCall });
}

export const scorecardKey = (id: number) => [...CALIBRATION_KEY, 'scorecard', id] as const;
/** A call's scorecard version (its criteria and scales): a published version never changes. */
export function fetchScorecardVersion(id: number): Promise<TScorecard> {
  return api.get(`/api/scorecards/${id}`, { schema: ZScorecard });
}

export const INSPECTORS_KEY = [...CALIBRATION_KEY, 'inspectors'] as const;

/** The active QC inspectors, by name. */
export async function fetchInspectors(): Promise<TUser[]> {
  const page = await api.get('/api/users', { query: { page: 0, size: MAX_PAGE_SIZE }, schema: zPaged(ZUser) });
  return page.response.content.filter((u) => u.role === 'QC' && u.active).sort((a, b) => a.name.localeCompare(b.name));
}

/** The recordings of a number on a day (the voice log search), for the call's optional recording. */
export async function fetchRecordings(date: string, number: string): Promise<TVoiceFile[]> {
  const page = await api.get('/api/voicelog/search', {
    query: { directory: date, msisdn: number, page: 0, size: 100 },
    schema: ZVoiceLogPage,
    notify: false,
  });
  return page.content;
}
