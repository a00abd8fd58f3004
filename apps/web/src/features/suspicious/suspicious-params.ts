// What the suspicious completes screen keeps in the address (?date=&campaignName=), the day keys (← →), the row keys
// (↑ ↓ Enter), and the QC panel's address of a flagged call.
import { addDays, isIsoDate, type TSuspiciousCall } from '@crm/shared';
import { panelAddress } from '../../components/qc-call/queue-call.ts';

export type TSuspiciousFilters = { date: string; campaignName: string };

/** The address's day (today when missing or not a day) and campaign ('' for every one). */
export function readSuspiciousParams(params: URLSearchParams, today: string): TSuspiciousFilters {
  const date = params.get('date') ?? '';
  return { date: isIsoDate(date) ? date : today, campaignName: (params.get('campaignName') ?? '').trim() };
}

/** The address of a state: today and every campaign are left out. */
export function writeSuspiciousParams(next: TSuspiciousFilters, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (next.date !== today) params.set('date', next.date);
  if (next.campaignName !== '') params.set('campaignName', next.campaignName);
  return params;
}

/** A key pressed in a field types there: the page's keys are for the page itself. */
function isTyping(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = element?.tagName?.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || element?.isContentEditable === true;
}

type TKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;
export type TPageKey = { kind: 'day'; by: -1 | 1 } | { kind: 'row'; by: -1 | 1 } | { kind: 'open' };

/** ← → the day before and after, ↑ ↓ the row, Enter opens the row's call on the QC panel; null for any other key. */
export function pageKeyOf(event: TKey, target: EventTarget | null): TPageKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || isTyping(target)) return null;
  // A button or link handles its own Enter (a player's play, a link).
  const tag = (target as { tagName?: string } | null)?.tagName?.toLowerCase();
  switch (event.key) {
    case 'ArrowLeft':
      return { kind: 'day', by: -1 };
    case 'ArrowRight':
      return { kind: 'day', by: 1 };
    case 'ArrowUp':
      return { kind: 'row', by: -1 };
    case 'ArrowDown':
      return { kind: 'row', by: 1 };
    case 'Enter':
      return tag === 'button' || tag === 'a' ? null : { kind: 'open' };
    default:
      return null;
  }
}

export const shiftDay = (day: string, by: number): string => addDays(day, by);

/** The QC panel with the call searched (number, day, campaign) and its recording chosen when there is one. */
export function qcPanelAddress(call: TSuspiciousCall, day: string): string {
  if (call.recordingFileName !== null) {
    return panelAddress({
      campaignName: call.campaignName,
      phoneNumber: call.cellNumber,
      callDate: day,
      fileName: call.recordingFileName,
    });
  }
  const params = new URLSearchParams({
    campaignName: call.campaignName,
    consumerNumber: call.cellNumber,
    callDate: day,
  });
  return `/qcChecking?${params.toString()}`;
}

/** 75 → "1:15"; handle times are short, so minutes and seconds. */
export function handleText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m.toLocaleString('en-US')}:${String(s).padStart(2, '0')}`;
}
