// A lead's call attempts (GET /api/leads/{id}/attempts, docs/guide/call-loop.md) as the lead browser and the QC panel's lead
// card show them: the call, the words of its disposition (and of its kind) and handle time.
import { ZCallAttempts, type TCallAttempt, type TDispositionKind } from '@crm/shared';
import { api } from '../app/api.ts';

export const LEAD_ATTEMPTS_KEY = ['lead-attempts'] as const;
/** `version`: the lead's as shown, so a save since reads the attempts again. */
export const leadAttemptsKey = (leadId: number, version?: number) =>
  [...LEAD_ATTEMPTS_KEY, leadId, version ?? null] as const;

/** Newest first; the screen shows a failure itself. */
export function fetchLeadAttempts(leadId: number): Promise<TCallAttempt[]> {
  return api.get(`/api/leads/${leadId}/attempts`, { schema: ZCallAttempts, notify: false });
}

/** A handle time as m:ss, or h:mm:ss past an hour: 0:42, 4:05, 1:02:03. */
export function handleTimeText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(rest)}` : `${m}:${two(rest)}`;
}

/** A kind as screens name it (the campaign's dispositions editor, a call's badge). */
export const DISPOSITION_KIND_LABELS: Record<TDispositionKind, string> = {
  completed: 'Completed',
  callback: 'Callback',
  dnc: 'Do not call',
  final: 'Final',
  retry: 'Retry',
};

export const DISPOSITION_KIND_COLORS: Record<TDispositionKind, string> = {
  completed: 'green',
  callback: 'blue',
  dnc: 'red',
  final: 'gray',
  retry: 'yellow',
};

/** 'Not interested (NI)': the name the call ended with, and its code when the name does not say it. */
export function dispositionText(attempt: Pick<TCallAttempt, 'disposition' | 'dispositionName'>): string {
  return attempt.dispositionName === attempt.disposition || attempt.dispositionName === ''
    ? attempt.disposition
    : `${attempt.dispositionName} (${attempt.disposition})`;
}

/** 'Rahim Uddin (AG-1001)', or the ID alone when the name is not known. */
export function agentText(attempt: Pick<TCallAttempt, 'agentId' | 'agentName'>): string {
  return attempt.agentName === '' || attempt.agentName === attempt.agentId
    ? attempt.agentId
    : `${attempt.agentName} (${attempt.agentId})`;
}
