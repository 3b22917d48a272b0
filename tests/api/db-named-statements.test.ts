import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamingClient, statementName } from '../../src/server/db/named-statements';
import { connect, type Db } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * NamingClient builds a promise-style query with a plain config (text, name, values, row mode, types)
 * itself instead of handing pg the config to copy; everything else goes to pg as it is. Each case here
 * is answered the way pg answers it.
 */
let t: TestApp;
// Typed as pg's client: NamingClient keeps pg's overloads.
let client: pg.Client;
let db: Db;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  client = new NamingClient({ connectionString: t.databaseUrl });
  await client.connect();
  // No lanes: every statement on a pooled NamingClient.
  ({ db, pool } = connect(t.databaseUrl, 2, 0));
});
afterAll(async () => {
  await client?.end();
  await pool?.end();
  await t?.close();
});

const prepared = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('NamingClient', () => {
  it('runs a statement with values as a named statement, and the same text under the same name', async () => {
    const text = 'select $1::int + 1 as n';
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
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

  it('takes the values given beside the config over its own, as pg does', async () => {
    const res = await client.query({ text: 'select $1::int as n', values: [1] }, [2]);
    expect(res.rows).toEqual([{ n: 2 }]);
  });

  it('answers rows as arrays and parses with the given types (drizzle’s config)', async () => {
    const types = { getTypeParser: (oid: number) => (oid === 23 ? (v: string) => `int:${v}` : (v: string) => v) };
    const res = await client.query({ text: 'select $1::int as n, $2::text as s', values: [7, 'seven'], rowMode: 'array', types } as pg.QueryArrayConfig);
    expect(res.rows).toEqual([['int:7', 'seven']]);
    expect(res.fields.map((f) => f.name)).toEqual(['n', 's']);
  });

  it('answers a drizzle select, one with several result sets, and a callback-style call', async () => {
    const [row] = await db.execute<{ n: number }>(sql`select ${5}::int as n`).then((r) => r.rows);
    expect(row).toEqual({ n: 5 });
    const multi = (await client.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
    expect(multi.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    const viaCallback = await new Promise<unknown>((resolve, reject) =>
      client.query({ text: 'select $1::int as n', values: [3] }, (err: Error | null, res: pg.QueryResult) => (err ? reject(err) : resolve(res.rows))),
    );
    expect(viaCallback).toEqual([{ n: 3 }]);
  });

  it('rejects a failing statement with PostgreSQL’s error and a stack that leads back to the caller', async () => {
    const failing = client.query({ text: 'select 1 / $1::int as n', values: [0] });
    const err = (await failing.catch((e: unknown) => e)) as pg.DatabaseError;
    expect(err).toBeInstanceOf(pg.DatabaseError);
    expect(err.code).toBe('22012');
    expect(err.stack).toContain('db-named-statements.test.ts');
    // The connection goes on.
    expect((await client.query({ text: 'select $1::int as n', values: [9] })).rows).toEqual([{ n: 9 }]);
  });

  it('leaves a config with any other option to pg (rows in a portal here)', async () => {
    const res = await client.query({ text: 'select generate_series(1, $1::int) as n', values: [3], rows: 2 } as pg.QueryConfig);
    expect(res.rows.length).toBeGreaterThan(0);
  });
});
