// Notifications in the app for every role (docs/notifications.md): the bell's list, read marks and the live stream.
import type { App } from '../../app-type.ts';

export async function notificationRoutes(_app: App) {}
