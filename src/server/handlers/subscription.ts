import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { listPackages, listPeriods } from '../services/subscription/catalogue';
import { setAutoPay, subscriptionInfo } from '../services/subscription/info';
import { purchasePackage } from '../services/subscription/purchase';

export const subscriptionHandlers: HandlerTable = {
  listSubscriptionPeriods: async (req) => listPeriods(req.server.ctx, req.lang),
  listPackages: async (req) =>
    listPackages(req.server.ctx, signedIn(req).id, req.lang, (req.body as { period?: number } | undefined)?.period),
  purchasePackage: async (req) => purchasePackage(req.server.ctx, signedIn(req), req.body),
  getSubscriptionInfo: async (req) => subscriptionInfo(req.server.ctx, signedIn(req), req.lang),
  setAutoPay: async (req) => setAutoPay(req.server.ctx, signedIn(req), req.lang, req.body.auto_pay),
};
