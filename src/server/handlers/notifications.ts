import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { issueStreamTicket } from '../services/notifications/ticket';

/** The staff's live bell: a ticket for the browser's EventSource, and the event stream itself. */
export const notificationsHandlers: HandlerTable = {
  openNotificationStreamTicket: (req) => Promise.resolve(issueStreamTicket(req.server.ctx, signedIn(req))),
  streamNotifications: async (req, reply) => {
    req.server.ctx.push.open(req, reply, signedIn(req).id);
    return reply;
  },
};
