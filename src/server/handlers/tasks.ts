import { sendJsonText, type HandlerTable } from './types';
import { listTasks, listUsersToLink } from '../services/tasks/list';
import { createNewLeadTask, createTask, updateTask } from '../services/tasks/write';
import { listNotifications, markNotificationsRead } from '../services/notifications';
import { setLeadStatus, takeWaitingLead } from '../services/leads/work';

/** Tasks, and the lead calls of the staff workspace (take to work, status, notifications). */
export const tasksHandlers: HandlerTable = {
  listTasks: async (req, reply) => sendJsonText<'listTasks'>(reply, await listTasks(req.server.ctx, req.auth!, req.query, req.body ?? {})),
  createTask: async (req, reply) => {
    const task = await createTask(req.server.ctx, req.auth!, req.body);
    reply.status(201);
    return task;
  },
  createNewLeadTask: async (req, reply) => {
    const task = await createNewLeadTask(req.server.ctx, req.auth!, req.body);
    reply.status(201);
    return task;
  },
  updateTask: async (req) => updateTask(req.server.ctx, req.auth!, req.body),
  listUsersToLink: async (req) => listUsersToLink(req.server.ctx, req.auth!, req.query),

  takeWaitingLead: async (req) => takeWaitingLead(req.server.ctx, req.auth!, req.body.user_id),
  setLeadStatus: async (req) => setLeadStatus(req.server.ctx, req.auth!, req.body.user_id, req.body.status),
  listNotifications: async (req) => listNotifications(req.server.ctx, req.auth!, req.query.limit),
  markNotificationsRead: async (req) => markNotificationsRead(req.server.ctx, req.auth!, (req.body as { ids?: number[] } | undefined)?.ids),
};
