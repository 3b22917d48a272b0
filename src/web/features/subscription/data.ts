import { api, unwrap } from '../../../api/client';
import type { SchemaPackagePurchaseRequest } from '../../../api/schema';
import { invalidating } from '../../providers/data/invalidation';

/** The subscription page's calls (subscription/…): custom methods of the data provider (see ./index.ts). */
export const subscriptionMethods = {
  /** The periods a package can be bought for. */
  getSubscriptionPeriods: () => unwrap(api.POST('/subscription/periods/')),
  /** The packages, of one period or all. */
  getSubscriptionPackages: (period: number | null) =>
    unwrap(api.POST('/subscription/packages/', { body: period ? { period } : {} })),
  /** The member's current package, its end and auto-pay, and the payment history. */
  getSubscriptionInfo: () => unwrap(api.GET('/subscription/info/')),
  /** Turns auto-pay on or off; the answer is the reloaded info (shown at once, then read again, as the spec says). */
  setAutoPay: invalidating(
    { answers: 'getSubscriptionInfo', invalidates: ['getSubscriptionInfo'] },
    (autoPay: boolean) => unwrap(api.POST('/subscription/info/', { body: { auto_pay: autoPay } })),
  ),
  /** Buys a package: the answer names the payment page. */
  purchasePackage: (body: SchemaPackagePurchaseRequest) =>
    unwrap(api.POST('/subscription/package_purchase/', { body })),
};
