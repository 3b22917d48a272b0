import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { structureChoices } from '../services/team/choices';
import { listContactCompletedTasks } from '../services/team/completed-tasks';
import { getUserDetails } from '../services/team/details';
import { listStructureUsers } from '../services/team/structure';
import { childrenOfUser, myChildren } from '../services/team/tree';
import { listWaitingUsers, rejectResponsibleUser } from '../services/team/waiting';

/** The team area: every call is scoped by services/team/visibility.ts (403/404 outside the caller's reach). */
export const teamHandlers: HandlerTable = {
  getTeamChildren: async (req) => myChildren(req.server.ctx, signedIn(req)),
  getTeamChildrenOf: async (req) => childrenOfUser(req.server.ctx, signedIn(req), req.params.pk),
  listStructureUsers: async (req, reply) =>
    sendJsonText<'listStructureUsers'>(
      reply,
      await listStructureUsers(req.server.ctx, signedIn(req), req.lang, req.query, req.body ?? undefined),
    ),
  getStructureChoices: async (req) => structureChoices(req.server.ctx, req.lang, req.query.search),
  listContactCompletedTasks: async (req) =>
    listContactCompletedTasks(req.server.ctx, signedIn(req), req.body.user_id, req.query),
  listWaitingUsers: async (req) => listWaitingUsers(req.server.ctx, signedIn(req), req.query),
  rejectResponsibleUser: async (req) =>
    rejectResponsibleUser(req.server.ctx, signedIn(req), req.body.user_id, req.lang),
  getUserDetails: async (req) => getUserDetails(req.server.ctx, signedIn(req), req.body.user_id, req.lang),
};
