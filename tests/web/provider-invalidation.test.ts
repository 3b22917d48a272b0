import { MutationObserver, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
// Assembling the provider registers what each custom method declares stale.
import '../../src/web/providers/data';
import { applyInvalidation } from '../../src/web/providers/data/invalidation';
import { providerKey } from '../../src/web/providers/data/keys';
import { queryClient } from '../../src/web/providers/data/queryClient';

/** Queries of the screens a custom method changes: react-admin's `[resource, …]` and the custom reads' `[method, locale, …]`. */
const keys = {
  actionLogs: ['action-logs', 'getList', { filter: { subject_id: 7 } }],
  userDetails: ['user-details', 'getOne', { id: '7' }],
  personDonations: ['person-donations', 'getManyReference', { id: 7 }],
  donations: ['donations', 'getList', {}],
  waitingLeads: ['waiting-leads', 'getList', {}],
  myTickets: ['my-tickets', 'getList', {}],
  myTicket: ['my-tickets', 'getOne', { id: '3' }],
  notifications: providerKey('getNotifications', 'en', 20),
  subscriptionInfo: providerKey('getSubscriptionInfo', 'en'),
  settings: providerKey('getNotificationSettings', 'en'),
  dashboard: providerKey('getLessonDashboard', 'en'),
  partner: providerKey('getPartnerDetails', 'en', 7),
} satisfies Record<string, QueryKey>;
type Name = keyof typeof keys;

/** Applies `method`'s declaration to a cache holding every key; answers which went stale and which were dropped. */
async function after(method: string, answer?: unknown) {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, { before: true });
  await applyInvalidation(client, method, answer);
  const names = Object.keys(keys) as Name[];
  return {
    stale: names.filter((n) => client.getQueryState(keys[n])?.isInvalidated),
    dropped: names.filter((n) => !client.getQueryState(keys[n])),
    client,
  };
}

describe('what the custom methods declare stale', () => {
  it.each([
    // The person page's actions: the same lists the tabs read again before (issue #39 moved them here).
    ['addUserNote', ['actionLogs']],
    ['createResetCredentialsLink', ['actionLogs']],
    ['updateUserSettings', ['actionLogs', 'userDetails']],
    ['sendInvitation', ['actionLogs', 'userDetails']],
    ['recordUserDonation', ['actionLogs', 'userDetails', 'personDonations']],
    ['donateManual', ['donations']],
    ['readNotifications', ['notifications']],
    ['takeLead', ['waitingLeads', 'notifications']],
    ['rejectLead', ['waitingLeads', 'notifications']],
    ['replyMyTicket', ['myTickets', 'myTicket']],
    ['recordLessonView', ['dashboard']],
    ['getPartnerDetails', []],
  ] as const)('%s', async (method, expected) => {
    const { stale } = await after(method);
    expect(stale.sort()).toEqual([...expected].sort());
  });

  it('reads every query again for a change that reaches every screen (rejecting a person, deciding a payment)', async () => {
    for (const method of ['rejectResponsibility', 'approvePayment', 'rejectPayment', 'startImport']) {
      expect((await after(method)).stale).toHaveLength(Object.keys(keys).length);
    }
  });

  it('drops the cached "My requests" pages after a new request, so the old page never shows', async () => {
    const { stale, dropped } = await after('createMyTicket');
    expect(dropped).toEqual(['myTickets']);
    expect(stale).toEqual([]);
  });

  it('shows an answer that is the new value of a read at once', async () => {
    const info = await after('setAutoPay', { auto_pay: true });
    expect(info.client.getQueryData(keys.subscriptionInfo)).toEqual({ auto_pay: true });
    expect(info.stale).toEqual(['subscriptionInfo']);
    const settings = await after('updateNotificationSettings', [{ kind: 'x', enabled: false }]);
    expect(settings.client.getQueryData(keys.settings)).toEqual([{ kind: 'x', enabled: false }]);
    expect(settings.stale).toEqual([]);
  });

  it('refreshes the learning lists after a book bought, not while a payment elsewhere is due', async () => {
    expect((await after('purchaseBook', { status: 'purchased', book: {} })).stale).toEqual(['dashboard']);
    expect((await after('purchaseBook', { status: 'payment_required', payment_url: 'https://pay' })).stale).toEqual([]);
  });
});

describe('what a change of a resource declares stale', () => {
  const footer = providerKey('getFooterLinks', 'ru');
  const configs = providerKey('getConfigs', 'en');
  /** Runs a react-admin mutation's key (`[resource, kind, params]`) on the app's query client; answers which reads went stale. */
  async function afterChange(resource: string, kind: string) {
    queryClient.clear();
    queryClient.setQueryData(footer, [{ id: 1, title: 'Guide' }]);
    queryClient.setQueryData(configs, { configs: {} });
    await new MutationObserver(queryClient, {
      mutationKey: [resource, kind, { id: 1 }],
      mutationFn: () => Promise.resolve({ id: 1 }),
    }).mutate();
    return {
      footer: queryClient.getQueryState(footer)?.isInvalidated,
      configs: queryClient.getQueryState(configs)?.isInvalidated,
    };
  }

  it('reads the footer again after an admin creates, edits or deletes a footer link (issue #40)', async () => {
    for (const kind of ['create', 'update', 'delete', 'deleteMany']) {
      expect(await afterChange('admin/footer-links', kind)).toEqual({ footer: true, configs: false });
    }
  });

  it("reads the app's settings again after an admin changes one", async () => {
    expect(await afterChange('admin/configs', 'update')).toEqual({ footer: false, configs: true });
  });

  it('leaves both alone for another resource, and for anything but a change', async () => {
    expect(await afterChange('admin/news', 'update')).toEqual({ footer: false, configs: false });
    expect(await afterChange('admin/footer-links', 'getList')).toEqual({ footer: false, configs: false });
  });
});

describe('providerKey', () => {
  it('is the method, the language, then the arguments', () => {
    expect(providerKey('getPartnerDetails', 'de', 7)).toEqual(['getPartnerDetails', 'de', 7]);
    expect(providerKey('validateResetCredentials', null, 'token')).toEqual(['validateResetCredentials', null, 'token']);
  });
});
