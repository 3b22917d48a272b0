import type { JobWorker } from './index';

/**
 * Every queue the server works, one line per area. Keep each worker's logic in its area's service;
 * a worker must be safe to run twice for the same job (pg-boss retries after a crash).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each worker types its own data
export const JOB_WORKERS: readonly JobWorker<any>[] = [];
