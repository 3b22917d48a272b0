import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { issueStreamTicket } from '../services/notifications/ticket';
import { getNotificationSettings, updateNotificationSettings } from '../services/notifications/member';

/** The live bell (staff and members): a ticket for the browser's EventSource, the event stream, the settings. */
export const notificationsHandlers: HandlerTable = {
  openNotificationStreamTicket: (req) => Promise.resolve(issueStreamTicket(req.server.ctx, signedIn(req))),
  streamNotifications: async (req, reply) => {
    req.server.ctx.push.open(req, reply, signedIn(req).id);
    return reply;
  },
  getNotificationSettings: (req) => getNotificationSettings(req.server.ctx, signedIn(req)),
  updateNotificationSettings: (req) => updateNotificationSettings(req.server.ctx, signedIn(req), req.body.settings),
};
