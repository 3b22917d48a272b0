import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamingClient, statementName } from '../../src/server/db/named-statements';
import { connect, type Db } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * NamingClient only adds a name to a copy of the caller's query config (pg's public API) and hands it
 * to pg. Each case here is answered the way a plain pg client answers it.
 */
let t: TestApp;
// Typed as pg's client: NamingClient keeps pg's overloads.
let client: pg.Client;
// pg's own client on the same database, for pg's own answer to each case.
let plain: pg.Client;
let db: Db;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  client = new NamingClient({ connectionString: t.databaseUrl });
  await client.connect();
  plain = new pg.Client({ connectionString: t.databaseUrl });
  await plain.connect();
  // No lanes: every statement on a pooled NamingClient.
  ({ db, pool } = connect(t.databaseUrl, 2, 0));
});
afterAll(async () => {
  await client.end();
  await plain.end();
  await pool.end();
  await t.close();
});

/** The parts of a result that callers read. */
const answer = (res: pg.QueryResult) => ({
  command: res.command,
  rowCount: res.rowCount,
  rows: res.rows,
  fields: res.fields.map((f) => [f.name, f.dataTypeID]),
});
/** The same call on NamingClient and on pg's own client: both answers, to compare. */
const both = async (call: (c: pg.Client) => Promise<pg.QueryResult>) => [
  answer(await call(client)),
  answer(await call(plain)),
];

const prepared = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

describe('NamingClient', () => {
  it('runs a statement with values as a named statement, and the same text under the same name', async () => {
    const text = 'select $1::int + 1 as n';
    const [named, own] = await both((c) => c.query({ text, values: [41] }));
    expect(named).toEqual(own);
    expect(named!.rows).toEqual([{ n: 42 }]);
    expect((await client.query({ text }, [1])).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toContain(statementName(text));
  });

  it('keeps a name it is given and leaves a statement without values unnamed', async () => {
    await client.query({ name: 'my_own_name', text: 'select $1::text as s', values: ['x'] });
    await client.query({ text: "select 'no values' as s" });
    const names = await prepared();
    expect(names).toContain('my_own_name');
    expect(names).not.toContain(statementName("select 'no values' as s"));
  });

  it('leaves the caller’s config as it was', async () => {
    const config = { text: 'select $1::int as n', values: [4] };
    await client.query(config);
    expect(config).toEqual({ text: 'select $1::int as n', values: [4] });
  });

  it('takes the values given beside the config over its own, as pg does', async () => {
    const [named, own] = await both((c) => c.query({ text: 'select $1::int as n', values: [1] }, [2]));
    expect(named).toEqual(own);
    expect(named!.rows).toEqual([{ n: 2 }]);
  });

  it('names a statement whose values come only beside the config (drizzle’s call)', async () => {
    const text = 'select $1::int * 3 as n';
    const [named, own] = await both((c) => c.query({ text }, [5]));
    expect(named).toEqual(own);
    expect(named!.rows).toEqual([{ n: 15 }]);
    expect(await prepared()).toContain(statementName(text));
  });

  it('answers rows as arrays and parses with the given types (drizzle’s config)', async () => {
    const types = { getTypeParser: (oid: number) => (oid === 23 ? (v: string) => `int:${v}` : (v: string) => v) };
    const config = {
      text: 'select $1::int as n, $2::text as s',
      values: [7, 'seven'],
      rowMode: 'array',
      types,
    } as pg.QueryArrayConfig;
    const [named, own] = await both((c) => c.query(config));
    expect(named).toEqual(own);
    expect(named!.rows).toEqual([['int:7', 'seven']]);
    expect(named!.fields.map(([name]) => name)).toEqual(['n', 's']);
  });

  it('answers a drizzle select, one with several result sets, and a callback-style call', async () => {
    const [row] = await db.execute<{ n: number }>(sql`select ${5}::int as n`).then((r) => r.rows);
    expect(row).toEqual({ n: 5 });
    const multi = async (c: pg.Client) =>
      ((await c.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[]).map(answer);
    expect(await multi(client)).toEqual(await multi(plain));
    expect((await multi(client)).map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    const viaCallback = (c: pg.Client) =>
      new Promise<unknown>((resolve, reject) => {
        c.query({ text: 'select $1::int as n', values: [3] }, (err: Error | null, res: pg.QueryResult) => {
          if (err) reject(err);
          else resolve(res.rows);
        });
      });
    expect(await viaCallback(client)).toEqual(await viaCallback(plain));
    expect(await viaCallback(client)).toEqual([{ n: 3 }]);
  });

  it('rejects a failing statement with PostgreSQL’s error and a stack that leads back to the caller', async () => {
    const failing = client.query({ text: 'select 1 / $1::int as n', values: [0] });
    const err = (await failing.catch((e: unknown) => e)) as pg.DatabaseError;
    const ownErr = (await plain
      .query({ text: 'select 1 / $1::int as n', values: [0] })
      .catch((e: unknown) => e)) as pg.DatabaseError;
    expect(err).toBeInstanceOf(pg.DatabaseError);
    expect([err.code, err.message]).toEqual([ownErr.code, ownErr.message]);
    expect(err.code).toBe('22012');
    expect(err.stack).toContain('db-named-statements.test.ts');
    // The connection goes on.
    expect((await client.query({ text: 'select $1::int as n', values: [9] })).rows).toEqual([{ n: 9 }]);
  });

  it('passes any other option on to pg (rows in a portal here)', async () => {
    const [named, own] = await both((c) =>
      c.query({ text: 'select generate_series(1, $1::int) as n', values: [3], rows: 2 } as pg.QueryConfig),
    );
    expect(named).toEqual(own);
    expect(named!.rows.length).toBeGreaterThan(0);
  });
});

describe('DB_NAMED_STATEMENTS=0 (UnnamedClient)', () => {
  it('runs every statement unnamed, a name given by the caller (prepared.ts) too, with the same answers', async () => {
    const unnamed = connect(t.databaseUrl, 2, 0, undefined, { namedStatements: false });
    try {
      const c = await unnamed.pool.connect();
      try {
        const res = await c.query({ name: 'given', text: 'select $1::int + 1 as n', values: [1] });
        expect(res.rows).toEqual([{ n: 2 }]);
        expect((await unnamed.db.execute(sql`select ${5}::int as n`)).rows).toEqual([{ n: 5 }]);
        const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
        expect(rows).toEqual([{ n: 0 }]);
      } finally {
        c.release();
      }
    } finally {
      await unnamed.pool.end();
    }
  });
});
