import type { HandlerTable } from './types';
import { crud } from './admin-content';
import { signedIn } from '../http/guard';
import { broadcastsResource } from '../services/broadcasts/admin';
import { getBroadcast, listBroadcasts } from '../services/broadcasts/member';

const admin = crud(broadcastsResource);

export const broadcastsHandlers: HandlerTable = {
  listBroadcasts: async (req) => listBroadcasts(req.server.ctx, signedIn(req)),
  getBroadcast: async (req) => getBroadcast(req.server.ctx, signedIn(req), req.params.id),

  listAdminBroadcasts: admin.list,
  getAdminBroadcast: admin.get,
  // A broadcast is organised in the admin's own zone unless the form names another.
  createAdminBroadcast: async (req, reply) =>
    admin.create({ server: req.server, body: { time_zone: signedIn(req).timeZone, ...req.body } }, reply),
  updateAdminBroadcast: admin.update,
  deleteAdminBroadcast: admin.remove,
};
