// The clients routes (issue 38, docs/guide/clients.md): a client account's own view of itself.
import { ZClientMe, ZErrorReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { currentUser } from '../../auth/guard.ts';
import { userIdOf } from '../../auth/access.ts';
import { findClientMe } from './service.ts';

/** Client accounts only: an admin reads a client's campaigns on the Users screen. */
const CLIENTS = { roles: ['CLIENT'] } as const;

export async function clientsRoutes(app: App) {
  app.get(
    '/api/clients/me',
    {
      config: CLIENTS,
      schema: {
        summary: 'Show the signed-in client account: its name, campaigns and whether it may play recordings',
        description: 'Client accounts only. See docs/guide/clients.md.',
        response: { 200: ZClientMe, 404: ZErrorReply },
      },
    },
    async (req) => findClientMe(app.db, userIdOf(currentUser(req))),
  );
}
