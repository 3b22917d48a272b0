/**
 * A/B of one call's SQL and variants of it (issue 41): run by hand on statements that `npm run bench:api`
 * wrote with BENCH_SQL_DUMP=<dir> (kept database: BENCH_DATABASE_URL with BENCH_KEEP=1), each variant a copy
 * of that file with its text edited (and another `name`, so that it is prepared apart), e.g.
 *   SQL_AB_URL=postgres://…/bench_xxxx npx tsx scripts/bench/sql-ab.ts /tmp/sql/structure_search.json /tmp/sql/variant.json
 * Each round replays each file on BENCH_CONNECTIONS (16) connections for SQL_AB_SECONDS (3), in alternating
 * order, as the bench's raw-SQL column does; it prints each file's median req/s and p50 and the median of
 * its per-round throughput ratio to the first file's. A shared host's load swings within minutes, so only
 * the paired ratios carry. SQL_AB_EXPLAIN=1 prints instead each file's first statement's plan, run as the
 * bench runs it (prepared, after PostgreSQL's five custom plans): EXPLAIN (ANALYZE, BUFFERS).
 */
import fs from 'node:fs';
import pg from 'pg';
import { sqlReplayer, type Recorded } from './raw-sql';
import { must } from '../must';
import { median } from './median';

const URL = must(process.env.SQL_AB_URL, 'SQL_AB_URL, the kept bench database');
const FILES = process.argv.slice(2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.SQL_AB_SECONDS ?? 3);
const ROUNDS = Number(process.env.SQL_AB_ROUNDS ?? 6);

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Recorded[];
const literal = (v: unknown) =>
  v === null || v === undefined ? 'null' : `'${(typeof v === 'string' ? v : JSON.stringify(v)).replace(/'/g, "''")}'`;

async function explain(file: string) {
  const s = must(read(file)[0], `${file} holds no statement`);
  const client = new pg.Client(URL);
  await client.connect();
  try {
    // PostgreSQL plans a prepared statement afresh five times, then settles on its generic plan or not.
    for (let i = 0; i < 6; i++) await client.query({ name: 'ab', text: s.text, values: s.values });
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute ab(${(s.values ?? []).map(literal).join(', ')})`,
    );
    console.log(`${file}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  } finally {
    await client.end();
  }
}

async function ab() {
  const replays = FILES.map((f) => sqlReplayer(URL, read(f), CONNECTIONS));
  const runs: Array<Array<{ throughput: number; p50: number }>> = FILES.map(() => []);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...FILES.keys()];
      if (round % 2) order.reverse();
      for (const i of order) must(runs[i]).push(await must(replays[i]).run(SECONDS));
    }
  } finally {
    await Promise.all(replays.map((r) => r.close()));
  }
  const first = must(runs[0]);
  FILES.forEach((file, i) => {
    const mine = must(runs[i]);
    const ratios = mine.map((r, k) => r.throughput / must(first[k]).throughput);
    console.log(
      `${file}: ${median(mine.map((r) => r.throughput)).toFixed(0)} req/s, p50 ${median(mine.map((r) => r.p50)).toFixed(2)} ms, ` +
        `${median(ratios).toFixed(2)} of the first (rounds: ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  });
}

if (!FILES.length) throw new Error('name one or more files of recorded statements (BENCH_SQL_DUMP)');
if (process.env.SQL_AB_EXPLAIN) for (const f of FILES) await explain(f);
else await ab();
