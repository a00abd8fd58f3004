// The signed-in user's notifications (docs/notifications.md): the list with the unread count, read marks, and the live
// stream (GET /api/notifications/stream, a fresh media token per connection as the app's other streams) that keeps the
// list's query up to date without a reload. Every role has them; the top bar's bell shows them.
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_EVENT,
  ZMediaToken,
  ZNotificationList,
  ZNotificationStreamEvent,
  ZNotificationsReadReply,
  type TNotificationList,
  type TNotificationStreamEvent,
  type TNotificationsRead,
} from '@crm/shared';
import { api } from './api.ts';
import { connectEventStream, readJsonEvent } from './event-stream.ts';

export const NOTIFICATIONS_KEY = ['notifications', 'mine'] as const;
export const NOTIFICATIONS_STREAM_PATH = '/api/notifications/stream';

export function fetchNotifications(): Promise<TNotificationList> {
  // The bar reads it on every screen: a failure is never a pop-up notice.
  return api.get('/api/notifications', { schema: ZNotificationList, notify: false });
}

export function useNotifications() {
  return useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: fetchNotifications });
}

/** Marks the user's own read (by id, or all) and puts the marks in the list at once. */
export async function markNotificationsRead(queryClient: QueryClient, body: TNotificationsRead): Promise<void> {
  const reply = await api.post('/api/notifications/read', body, { schema: ZNotificationsReadReply });
  const now = new Date().toISOString();
  queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, (list) =>
    list === undefined
      ? list
      : {
          unread: reply.unread,
          items: list.items.map((n) =>
            n.readAt === null && ('all' in body || body.ids.includes(n.id)) ? { ...n, readAt: now } : n,
          ),
        },
  );
}

/** One event of the stream into the list: a new notification first, or the count and a fresh read of the list. */
export function applyStreamEvent(queryClient: QueryClient, event: TNotificationStreamEvent): void {
  const { notification } = event;
  if (notification === null) {
    const list = queryClient.getQueryData<TNotificationList>(NOTIFICATIONS_KEY);
    if (list?.unread !== event.unread) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    return;
  }
  queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_KEY, (list) => ({
    unread: event.unread,
    items: [notification, ...(list?.items ?? []).filter((n) => n.id !== notification.id)],
  }));
}

async function fetchMediaToken(signal: AbortSignal): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, signal, notify: false });
  return token;
}

/** Follows the stream while the signed-in frame is shown; reconnects by itself. */
export function useNotificationStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return connectEventStream<TNotificationStreamEvent>({
      path: NOTIFICATIONS_STREAM_PATH,
      event: NOTIFICATION_EVENT,
      read: readJsonEvent(ZNotificationStreamEvent, 'notifications'),
      fetchToken: fetchMediaToken,
      onMessage: (event) => applyStreamEvent(queryClient, event),
      onStatus: () => undefined,
    });
  }, [enabled, queryClient]);
}
