/**
 * Query keys of the member's learning pages: their home is the data provider's learning hooks
 * (providers/data/learningHooks.ts); re-exported here for the member's screens.
 */
export { useRefreshLearning } from '../providers/data/learningHooks';
