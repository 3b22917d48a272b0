/** The broadcasts box of the member's dashboard. */
export { BroadcastsBox } from './BroadcastsBox';
