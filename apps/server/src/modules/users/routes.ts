// QC inspector and client accounts (docs/product.md §7.4, docs/guide/clients.md): POST /api/users, the paged list,
// PUT /api/users/{id}; admin only.
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
import { createUserAccount, findUsersPage, updateUser } from './accounts.ts';
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
        summary: 'Add a QC inspector or a client account',
        description:
          'Audited. A client account (`role: CLIENT`) names its campaigns; an unknown name refuses the whole request (400 INVALID_VALUE). See docs/guide/users.md and docs/guide/clients.md.',
        body: ZCreateUserRequest,
        response: { 200: ZUser, 400: ZErrorReply, 409: ZRefusalReply },
      },
    },
    async (req) => createUserAccount(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/api/users',
    {
      config: ADMINS,
      schema: {
        summary: 'List admin, QC and client accounts, searched, a page at a time',
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
        summary: 'List admin, QC and client accounts a page at a time',
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
        summary: "Change an account's name, status or password (a client's campaigns and recordings flag too)",
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
