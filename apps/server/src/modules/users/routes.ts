// QC inspector accounts (docs/product.md §7.4): POST /api/users, the paged list, PUT /api/users/{id}; admin only.
import { ZCreateUserRequest, ZErrorReply, ZPageParams, ZUpdateUserRequest, ZUser, ZUserIdParams, ZUserListQuery, zPaged } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../audit/record.ts';
import { createQcUser, findUsersPage, updateUser } from './accounts.ts';


export async function userRoutes(app: App) {
  app.post('/api/users', {
    config: ADMINS,
    schema: { body: ZCreateUserRequest, response: { 200: ZUser, 409: ZErrorReply } },
  }, async (req) => createQcUser(app.db, req.body, actorOf(req)));

  app.get('/api/users', {
    config: ADMINS,
    schema: { querystring: ZUserListQuery, response: { 200: zPaged(ZUser) } },
  }, async (req) => findUsersPage(app.db, req.query));

  app.get('/api/users/pagination/:page/:size', {
    config: ADMINS,
    schema: { params: ZPageParams, response: { 200: zPaged(ZUser) } },
  }, async (req) => findUsersPage(app.db, req.params));

  app.put('/api/users/:id', {
    config: ADMINS,
    schema: { params: ZUserIdParams, body: ZUpdateUserRequest, response: { 200: ZUser, 400: ZErrorReply, 404: ZErrorReply } },
  }, async (req) => updateUser(app.db, req.params.id, req.body, actorOf(req)));
}
