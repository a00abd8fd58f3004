// The survey results calls (docs/guide/results.md): the per-question figures, a cross-tab, a question's text answers,
// the exports, and the lists the filters offer (a client's own campaigns, a campaign's columns and dispositions, the
// campaign's agents with their names).
import {
  ZClientMe,
  ZDispositions,
  ZResultAgents,
  ZResultCrosstab,
  ZResultTexts,
  ZResults,
  type TClientMe,
  type TDispositions,
  type TResultAgents,
  type TResultCrosstab,
  type TResultTexts,
  type TResults,
} from '@crm/shared';
import { ApiError, api } from '../../app/api.ts';
import { saveBlob } from '../../app/save-file.ts';
import { exportFileName, resultsQuery, type TResultsFilters } from './results-params.ts';

export const resultsKey = (f: TResultsFilters) => ['results', resultsQuery(f)] as const;
export const crosstabKey = (f: TResultsFilters, row: string, col: string) =>
  ['results', 'crosstab', resultsQuery(f), row, col] as const;
export const textsKey = (f: TResultsFilters, question: string, page: number, size: number, q: string) =>
  ['results', 'text', resultsQuery(f), question, page, size, q] as const;

/** The server's 429 while another heavy read of the user's runs: asked again shortly. */
export const isBusy = (error: unknown) => error instanceof ApiError && error.status === 429;

/** Shown by the screen itself (notify: false), in place of the figures. */
export function fetchResults(f: TResultsFilters, signal?: AbortSignal): Promise<TResults> {
  return api.get('/api/results', { query: resultsQuery(f), schema: ZResults, notify: false, signal });
}

export function fetchCrosstab(
  f: TResultsFilters,
  row: string,
  col: string,
  signal?: AbortSignal,
): Promise<TResultCrosstab> {
  return api.get('/api/results/crosstab', {
    query: { ...resultsQuery(f), row, col },
    schema: ZResultCrosstab,
    notify: false,
    signal,
  });
}

/** One page (0-based here, as the API's) of a text question's answers, those holding `q` when it is set. */
export function fetchResultTexts(
  f: TResultsFilters,
  question: string,
  page: number,
  size: number,
  q: string,
  signal?: AbortSignal,
): Promise<TResultTexts> {
  const query: Record<string, string | number> = { ...resultsQuery(f), question, page, size };
  if (q.trim() !== '') query.q = q.trim();
  return api.get('/api/results/text', { query, schema: ZResultTexts, notify: false, signal });
}

export type TExportChoice = {
  format: 'xlsx' | 'csv';
  /** Lead fields written beside each call's answers. */
  fields: string[];
  /** A cross-tab sheet too (xlsx). */
  row?: string;
  col?: string;
};

/**
 * Fetches the export with the session's header and saves it; a refusal (a campaign not the client's, a refused
 * filter) rejects with the server's words for the screen to show. Returns the file name saved.
 */
export async function downloadResults(f: TResultsFilters, choice: TExportChoice): Promise<string> {
  const query: Record<string, string> = { ...resultsQuery(f) };
  if (choice.format === 'csv') query.format = 'csv';
  if (choice.fields.length > 0) query.fields = choice.fields.join(',');
  if (choice.row !== undefined && choice.col !== undefined && choice.row !== '' && choice.col !== '') {
    query.row = choice.row;
    query.col = choice.col;
  }
  // The file's length is the campaign's: no time-out of ours cuts a big one short.
  const blob = await api.download('/api/results/export', { query, notify: false, timeoutMs: null });
  const fileName = exportFileName(f, choice.format);
  saveBlob(blob, fileName);
  return fileName;
}

export const CLIENT_ME_KEY = ['clients', 'me'] as const;

/** GET /api/clients/me: the client account's own campaigns. */
export function fetchClientCampaigns(): Promise<TClientMe> {
  return api.get('/api/clients/me', { schema: ZClientMe, notify: false });
}

export const dispositionsKey = (campaignName: string) => ['dispositions', campaignName] as const;

/** The campaign's dispositions for the filter; an account that may not read them gets a typed code instead. */
export function fetchDispositions(campaignName: string): Promise<TDispositions> {
  return api.get('/api/dispositions', { query: { campaignName }, schema: ZDispositions, notify: false });
}

/** Under the agents' key: adding or changing an agent reloads the picker too. */
export const resultAgentsKey = (campaignName: string) => ['agents', 'results', campaignName] as const;

/**
 * The agent filter's choices: GET /api/results/agents, everyone with a call attempt in the campaign, any time, with
 * their names (admins and QC; a client is never sent there, it would answer 403).
 */
export function fetchResultAgents(campaignName: string, signal?: AbortSignal): Promise<TResultAgents> {
  return api.get('/api/results/agents', { query: { campaignName }, schema: ZResultAgents, notify: false, signal });
}
