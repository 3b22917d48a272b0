import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { getStaffStatistics, getStatistics, getStatisticsByCountries } from '../services/statistics';

/** The staff dashboard; user_id in the body is view-as (checked in the service). */
export const statisticsHandlers: HandlerTable = {
  getStatistics: async (req) => getStatistics(req.server.ctx, signedIn(req), req.body),
  getStatisticsByCountries: async (req, reply) =>
    sendJsonText<'getStatisticsByCountries'>(
      reply,
      await getStatisticsByCountries(req.server.ctx, signedIn(req), req.body),
    ),
  getStaffStatistics: async (req) => getStaffStatistics(req.server.ctx, signedIn(req), req.query, req.body),
};
