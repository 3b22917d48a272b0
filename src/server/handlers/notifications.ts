import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { sessionStillValid } from '../services/sessions';
import { issueStreamTicket } from '../services/notifications/ticket';
import { getNotificationSettings, updateNotificationSettings } from '../services/notifications/member';

/** The live bell (staff and members): a ticket for the browser's EventSource, the event stream, the settings. */
export const notificationsHandlers: HandlerTable = {
  openNotificationStreamTicket: (req) => Promise.resolve(issueStreamTicket(req.server.ctx, signedIn(req))),
  streamNotifications: async (req, reply) => {
    // HEAD (Fastify answers it with the GET route) gets the stream's head at once and holds no stream.
    if (req.method === 'HEAD')
      return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-store').send();
    const caller = signedIn(req);
    req.server.ctx.push.open(req, reply, caller.id, () => sessionStillValid(req.server.ctx, caller));
    return reply;
  },
  getNotificationSettings: (req) => getNotificationSettings(req.server.ctx, signedIn(req)),
  updateNotificationSettings: (req) => updateNotificationSettings(req.server.ctx, signedIn(req), req.body.settings),
};
