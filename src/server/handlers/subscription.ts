import type { HandlerTable } from './types';
import { listPackages, listPeriods } from '../services/subscription/catalogue';
import { setAutoPay, subscriptionInfo } from '../services/subscription/info';
import { purchasePackage } from '../services/subscription/purchase';

export const subscriptionHandlers: HandlerTable = {
  listSubscriptionPeriods: async (req) => listPeriods(req.server.ctx, req.lang),
  listPackages: async (req) => listPackages(req.server.ctx, req.auth!.id, req.lang, (req.body as { period?: number } | undefined)?.period),
  purchasePackage: async (req) => purchasePackage(req.server.ctx, req.auth!, req.body),
  getSubscriptionInfo: async (req) => subscriptionInfo(req.server.ctx, req.auth!, req.lang),
  setAutoPay: async (req) => setAutoPay(req.server.ctx, req.auth!, req.lang, req.body.auto_pay),
};
