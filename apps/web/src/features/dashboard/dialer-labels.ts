// Human labels of the eight live figures (docs/product.md §3 Live stats) and how dialer times are shown.
import type { TDialerStatKey } from '@crm/shared';

export const DIALER_STAT_LABELS: Record<TDialerStatKey, string> = {
  calls_waiting: 'Calls waiting',
  agents_logged_in: 'Agents logged in',
  agents_in_calls: 'In calls',
  agents_waiting: 'Waiting',
  agents_paused: 'Paused',
  agents_in_dead_calls: 'Dead calls',
  agents_in_dispo: 'In disposition',
  agents_in_dial: 'Dialling',
};
