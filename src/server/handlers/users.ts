import type { HandlerTable } from './types';
import { createUser, getUser, listUsers, updateUser } from '../services/users';

export const usersHandlers: HandlerTable = {
  listUsers: async (req) => listUsers(req.server.ctx, req.auth!, req.query),
  createUser: async (req, reply) => {
    reply.status(201);
    return createUser(req.server.ctx, req.auth!, req.body);
  },
  getUser: async (req) => getUser(req.server.ctx, req.params.id),
  updateUser: async (req) => updateUser(req.server.ctx, req.auth!, req.params.id, req.body),
};
