import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { createUser, getUser, listUsers, updateUser } from '../services/users';

export const usersHandlers: HandlerTable = {
  listUsers: async (req) => listUsers(req.server.ctx, signedIn(req), req.query),
  createUser: async (req, reply) => {
    reply.status(201);
    return createUser(req.server.ctx, signedIn(req), req.body);
  },
  getUser: async (req) => getUser(req.server.ctx, req.params.id),
  updateUser: async (req) => updateUser(req.server.ctx, signedIn(req), req.params.id, req.body),
};
