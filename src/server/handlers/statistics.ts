import { sendJsonText, type HandlerTable } from './types';
import { getStaffStatistics, getStatistics, getStatisticsByCountries } from '../services/statistics';

/** The staff dashboard; user_id in the body is view-as (checked in the service). */
export const statisticsHandlers: HandlerTable = {
  getStatistics: async (req) => getStatistics(req.server.ctx, req.auth!, req.body),
  getStatisticsByCountries: async (req, reply) => sendJsonText<'getStatisticsByCountries'>(reply, await getStatisticsByCountries(req.server.ctx, req.auth!, req.body)),
  getStaffStatistics: async (req) => getStaffStatistics(req.server.ctx, req.auth!, req.query, req.body),
};
