// The /api/scorecards calls of the Scorecards screen (docs/scorecards.md), each reply read with the shared schema.
import {
  ZScorecard,
  ZScorecardList,
  ZScorecardWhatIf,
  type TScorecard,
  type TScorecardList,
  type TScorecardWhatIf,
  type TScorecardWhatIfRequest,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { saveBlob } from '../../app/save-file.ts';

export const SCORECARDS_KEY = ['scorecards'] as const;
export const SCORECARD_LIST_KEY = [...SCORECARDS_KEY, 'list'] as const;
export const scorecardKey = (id: number) => [...SCORECARDS_KEY, 'version', id] as const;

export function fetchScorecards(): Promise<TScorecardList> {
  return api.get('/api/scorecards', { schema: ZScorecardList });
}

export function fetchScorecard(id: number): Promise<TScorecard> {
  return api.get(`/api/scorecards/${id}`, { schema: ZScorecard });
}

/**
 * POST /api/scorecards: a new scorecard (a definition), a new draft version of a version ({copyOf}), or that version
 * with other content. The builder shows a refusal itself (notify: false); the list's buttons let it be notified.
 */
export function createScorecard(body: unknown, options: { notify?: boolean } = {}): Promise<TScorecard> {
  return api.post('/api/scorecards', body, { schema: ZScorecard, notify: options.notify });
}

export function saveScorecard(id: number, definition: unknown): Promise<TScorecard> {
  return api.put(`/api/scorecards/${id}`, definition, { schema: ZScorecard, notify: false });
}

export async function publishScorecard(id: number, options: { notify?: boolean } = {}): Promise<void> {
  await api.post(`/api/scorecards/${id}/publish`, undefined, { notify: options.notify });
}

export async function retireScorecard(id: number): Promise<void> {
  await api.post(`/api/scorecards/${id}/retire`);
}

export function runWhatIf(id: number, body: TScorecardWhatIfRequest): Promise<TScorecardWhatIf> {
  // A month of a busy campaign is read and scored again: give it longer than an ordinary call.
  return api.post(`/api/scorecards/${id}/what-if`, body, {
    schema: ZScorecardWhatIf,
    notify: false,
    timeoutMs: 180_000,
  });
}

/** The version as a calldesk-scorecard JSON file, saved under a name that says which scorecard and version it is. */
export async function exportScorecard(id: number, fileName: string): Promise<void> {
  saveBlob(await api.download(`/api/scorecards/${id}/export`), fileName);
}

/** The file's JSON as read (the server checks it with ZScorecardFile and answers the new draft). */
export function importScorecard(file: unknown): Promise<TScorecard> {
  return api.post('/api/scorecards/import', file, { schema: ZScorecard });
}
