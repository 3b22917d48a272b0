import type pg from 'pg';

/** One benchmarked call: what `npm run bench` sends, over and over, with 16 clients. */
export type Scenario = {
  /** The table's first column: a short name of what the call is for. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Who calls: a demo account's email (default member@demo.atrium; staff calls need a consultant or admin). */
  as?: string;
  /** Targets for the printed figures (ms). */
  p50?: number;
  p99?: number;
};

type BenchContext = { pool: pg.Pool; memberId: number };

/**
 * One area of the product in the bench: `seed` loads its data volume with fast SQL (once per run);
 * `scenarios` names the calls to measure. Add an area by adding a file and listing it in run.ts.
 */
export type BenchArea = {
  name: string;
  seed: (ctx: BenchContext) => Promise<void>;
  scenarios: (ctx: BenchContext) => Promise<Scenario[]>;
};
