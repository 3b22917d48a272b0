import { listControllerRead, type EarlyReads } from '../../providers/data/earlyReads';

/** The waiting leads list's props that decide its reads (WaitingLeadsList's <List>, a tab of Team's page). */
export const WAITING_LEADS_LIST = {
  resource: 'waiting-leads',
  storeKey: 'team.waiting-leads.listParams',
  // A tab of Team's page, whose address holds the tab.
  disableSyncWithLocation: true,
  sort: { field: 'waiting_since', order: 'ASC' as const },
  perPage: 25,
};

/** Team › Waiting leads: the list's first page. */
export const waitingLeadsReads: EarlyReads = (at) => [
  listControllerRead(WAITING_LEADS_LIST.resource, WAITING_LEADS_LIST, at),
];
