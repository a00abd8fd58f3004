// The stream's events in the bell's list: a new notification goes first with its count; a count alone reloads the list.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationList } from '@crm/shared';
import { NOTIFICATIONS_KEY, applyStreamEvent } from './notifications.ts';

const note = (id: number): TNotification => ({
  id,
  kind: 'qc-record',
  title: `Scored ${id}`,
  body: '',
  link: '/agent-performance',
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt: null,
});

describe('applyStreamEvent', () => {
  it('puts a new notification first with the unread count, once', () => {
    const qc = new QueryClient();
    qc.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, { items: [note(1)], unread: 1 });
    applyStreamEvent(qc, { unread: 2, notification: note(2) });
    applyStreamEvent(qc, { unread: 2, notification: note(2) });
    const list = qc.getQueryData<TNotificationList>(NOTIFICATIONS_KEY);
    expect(list?.unread).toBe(2);
    expect(list?.items.map((n) => n.id)).toEqual([2, 1]);
  });

  it('marks the list stale when the count changed without a notification, and leaves it when it did not', () => {
    const qc = new QueryClient();
    qc.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, { items: [note(1)], unread: 1 });
    applyStreamEvent(qc, { unread: 1, notification: null });
    expect(qc.getQueryState(NOTIFICATIONS_KEY)?.isInvalidated).toBe(false);
    applyStreamEvent(qc, { unread: 0, notification: null });
    expect(qc.getQueryState(NOTIFICATIONS_KEY)?.isInvalidated).toBe(true);
  });
});
