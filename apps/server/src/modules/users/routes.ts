// QC inspector accounts (docs/product.md §7.4): POST /api/users, the paged list, PUT /api/users/{id}; admin only.
import {
  ZCreateUserRequest,
  ZErrorReply,
  ZRefusalReply,
  ZPageParams,
  ZUpdateUserRequest,
  ZUser,
  ZUserIdParams,
  ZUserListQuery,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { createQcUser, findUsersPage, updateUser } from './accounts.ts';
import { createSignInLimits } from '../../auth/sign-in-limits.ts';
import { ownPasswordAttempt } from './own-password.ts';

export async function userRoutes(app: App) {
  // Changing one's own password checks the current one: counted by the sign-in limits like a sign-in.
  const ownPassword = createSignInLimits(app)(ownPasswordAttempt);

  app.post(
    '/api/users',
    {
      config: ADMINS,
      schema: {
        summary: 'Add an admin or QC inspector account',
        description: 'Audited. See docs/guide/users.md.',
        body: ZCreateUserRequest,
        response: { 200: ZUser, 400: ZErrorReply, 409: ZRefusalReply },
      },
    },
    async (req) => createQcUser(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/api/users',
    {
      config: ADMINS,
      schema: {
        summary: 'List admin and QC accounts, searched, a page at a time',
        querystring: ZUserListQuery,
        response: { 200: zPaged(ZUser) },
      },
    },
    async (req) => findUsersPage(app.db, req.query),
  );

  app.get(
    '/api/users/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: 'List admin and QC accounts a page at a time',
        params: ZPageParams,
        response: { 200: zPaged(ZUser) },
      },
    },
    async (req) => findUsersPage(app.db, req.params),
  );

  app.put(
    '/api/users/:id',
    {
      config: ADMINS,
      ...ownPassword,
      schema: {
        summary: "Change an account's name, status or password",
        description:
          "One's own password needs `currentPassword`, and `mfaCode` with a second factor. A new password or a disabled account ends its sessions. See docs/trust.md, Passwords.",
        params: ZUserIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUser, 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 429: ZErrorReply },
      },
    },
    async (req) => updateUser(app.db, req.params.id, req.body, actorOf(req)),
  );
}
