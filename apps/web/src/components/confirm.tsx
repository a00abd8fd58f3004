// The shared "Are you sure?" dialog (docs/product.md §8): a body text, Close and Confirm; resolves true only on Confirm.
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MESSAGES } from '@crm/shared';

export type ConfirmOptions = {
  body: ReactNode;
  /** Red Confirm button, for deletes. @default true */
  danger?: boolean;
  /** Confirm takes the focus (Enter confirms), where the dialog follows a key press meant to act. @default false */
  focusConfirm?: boolean;
};

/** Opens the dialog; the promise resolves false on Close, Escape or a click outside. */
export function confirmAction({ body, danger = true, focusConfirm = false }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: MESSAGES.common.areYouSure,
      children: typeof body === 'string' ? <Text size="sm">{body}</Text> : body,
      labels: { confirm: 'Confirm', cancel: 'Close' },
      confirmProps: { ...(danger ? { color: 'red' } : {}), ...(focusConfirm ? { 'data-autofocus': true } : {}) },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      // Closing by Escape or the overlay calls onClose only; onConfirm has already settled true before it.
      onClose: () => settle(false),
    });
  });
}
