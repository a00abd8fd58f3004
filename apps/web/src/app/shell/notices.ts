// Notifications that belong to a page: its error notices are dismissed when the user opens another page.
import { notifications, notificationsStore } from '@mantine/notifications';

/** Hides every red (error) notification on screen; the others (session ended, saved) stay to their time. */
export function dismissErrorNotifications(): void {
  for (const notice of notificationsStore.getState().notifications) {
    if (notice.color === 'red' && notice.id !== undefined) notifications.hide(notice.id);
  }
}
