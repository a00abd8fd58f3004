// What the send card says and offers, as plain functions of the settings and the sends: where leads go, why Send to
// dialer is off, a send's progress and whether it can be resumed.
import {
  DIALER_SEND_MESSAGES,
  type TDialerSend,
  type TDialerSettingsInput,
  type TDialerSettingsReply,
  type TSendState,
} from '@crm/shared';
import { DUPLICATE_CHECK_LABELS } from './settings-form.ts';

const count = (n: number) => n.toLocaleString('en-US');

export const SEND_STATE_LABELS: Record<TSendState, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  finished: { label: 'Finished', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  stopped: { label: 'Stopped', color: 'red' },
};

/** Where sends go, and what to do when nowhere. */
export function dialerText(dialer: TDialerSettingsReply['dialer']): {
  label: string;
  color: string;
  help: string | null;
} {
  if (dialer === 'vicidial') return { label: 'VICIdial', color: 'green', help: null };
  if (dialer === 'simulated')
    return {
      label: 'Simulated dialer',
      color: 'yellow',
      help: 'DIALER=simulated: leads are answered by a stand-in and loaded into no real dialer.',
    };
  return { label: 'Not set up', color: 'red', help: DIALER_SEND_MESSAGES.noDialer };
}

/** "List 1001 · 20 leads a second · duplicates: Same list · DNC: VICIdial, campaign TELE01" */
export function settingsText(s: TDialerSettingsInput): string {
  const rate =
    s.rate === 0 ? 'as fast as the dialer answers' : `${count(s.rate)} ${s.rate === 1 ? 'lead' : 'leads'} a second`;
  const dnc = [
    s.dncCheck ? 'VICIdial' : null,
    s.campaignDncCheck ? `campaign ${s.vicidialCampaignId ?? ''}`.trim() : null,
  ].filter((x) => x !== null);
  return [
    `List ${s.listId}`,
    rate,
    `duplicates: ${DUPLICATE_CHECK_LABELS[s.duplicateCheck]}`,
    `DNC: ${dnc.length === 0 ? 'no check' : dnc.join(', ')}`,
  ].join(' · ');
}

/** "12 generated leads of 2025-03-02 not sent yet" */
export function unsentText(unsent: number, date: string): string {
  return `${count(unsent)} generated ${unsent === 1 ? 'lead' : 'leads'} of ${date} not sent yet`;
}

/** Why "Send to dialer" cannot be pressed now, in the server's own words, or null when it can. */
export function sendBlockedReason(input: {
  campaignName: string;
  date: string;
  reply: TDialerSettingsReply;
  unsent: number;
  latest: TDialerSend | undefined;
}): string | null {
  if (input.reply.dialer === 'unconfigured') return DIALER_SEND_MESSAGES.noDialer;
  if (input.reply.settings === null) return DIALER_SEND_MESSAGES.noSettings(input.campaignName);
  if (input.latest?.state === 'running') return DIALER_SEND_MESSAGES.alreadyRunning(input.latest.id);
  if (input.unsent === 0) return DIALER_SEND_MESSAGES.nothingToSend(input.date);
  return null;
}

/** Leads with an outcome, and that share of the send in whole percent. */
export function sendProgress(send: Pick<TDialerSend, 'total' | 'pending'>): { done: number; percent: number } {
  const done = Math.max(0, send.total - send.pending);
  return { done, percent: send.total === 0 ? 100 : Math.min(100, Math.round((done / send.total) * 100)) };
}

/** A send that ended with leads still to send or failed ones can go on from where it stopped. */
export function canResume(send: TDialerSend): boolean {
  return send.state !== 'running' && send.pending + send.failed > 0;
}

export const SEND_FIGURES = [
  ['added', 'Added'],
  ['duplicate', 'Duplicate'],
  ['dnc', 'On DNC'],
  ['refused', 'Refused'],
  ['failed', 'Failed'],
] as const;
