import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { listTasks, listUsersToLink } from '../services/tasks/list';
import { createNewLeadTask, createTask, updateTask } from '../services/tasks/write';
import { listNotifications, markNotificationsRead } from '../services/notifications';
import { setLeadStatus, takeWaitingLead } from '../services/leads/work';

/** Tasks, and the lead calls of the staff workspace (take to work, status, notifications). */
export const tasksHandlers: HandlerTable = {
  listTasks: async (req, reply) =>
    sendJsonText<'listTasks'>(reply, await listTasks(req.server.ctx, signedIn(req), req.query, req.body ?? {})),
  createTask: async (req, reply) => {
    const task = await createTask(req.server.ctx, signedIn(req), req.body);
    reply.status(201);
    return task;
  },
  createNewLeadTask: async (req, reply) => {
    const task = await createNewLeadTask(req.server.ctx, signedIn(req), req.body);
    reply.status(201);
    return task;
  },
  updateTask: async (req) => updateTask(req.server.ctx, signedIn(req), req.body),
  listUsersToLink: async (req) => listUsersToLink(req.server.ctx, signedIn(req), req.query),

  takeWaitingLead: async (req) => takeWaitingLead(req.server.ctx, signedIn(req), req.body.user_id),
  setLeadStatus: async (req) => setLeadStatus(req.server.ctx, signedIn(req), req.body.user_id, req.body.status),
  listNotifications: async (req) => listNotifications(req.server.ctx, signedIn(req), req.query.limit),
  markNotificationsRead: async (req) =>
    markNotificationsRead(req.server.ctx, signedIn(req), (req.body as { ids?: number[] } | undefined)?.ids),
};
