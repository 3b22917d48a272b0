/** The waiting leads' queue (a tab of the team page). */
export { WaitingLeadsList } from './WaitingLeadsList';
