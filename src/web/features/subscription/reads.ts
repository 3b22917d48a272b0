import { providerRead, type EarlyReads } from '../../providers/data/earlyReads';

/** /subscription (SubscriptionPage): the subscription's state and history. */
export const subscriptionReads: EarlyReads = ({ locale }) => [providerRead('getSubscriptionInfo', locale)];
