import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { keyedStatement, shapedStatement } from '../../src/server/db/prepared';

/** A database whose client answers every statement with no rows, and the texts it was sent. */
function fakeDb() {
  const texts: string[] = [];
  const query = vi.fn((config: { text: string }) => {
    texts.push(config.text);
    return Promise.resolve({ rows: [] });
  });
  return { db: { $client: { query } } as unknown as Db, texts };
}

describe('statement caches keep the most recently used statements (lru-cache)', () => {
  it('keyedStatement: a full cache drops the least recently used key, not every key', async () => {
    const { db, texts } = fakeDb();
    const statement = keyedStatement(2);
    const build = vi.fn((key: string) => sql`select ${key}::text as k`);
    for (const key of ['a', 'b', 'a', 'c', 'a']) await statement(db, key, () => build(key));
    // 'a' was used just before 'c' came, so 'b' went: 'a' is built once, not again after 'c'.
    expect(build.mock.calls.map(([key]) => key)).toEqual(['a', 'b', 'c']);
    expect(texts).toHaveLength(5);
  });

  it('shapedStatement: a new shape past the limit is kept in place of the least recently used one', async () => {
    const { db } = fakeDb();
    const build = vi.fn((shape: { by: string }) => sql`select 1 from users order by ${sql.raw(shape.by)}`);
    const statement = shapedStatement<unknown, { by: string }, Record<string, never>>(build, 2);
    for (const by of ['id', 'email', 'id', 'created_at', 'created_at', 'id']) await statement(db, { by }, {});
    expect(build.mock.calls.map(([shape]) => shape.by)).toEqual(['id', 'email', 'created_at']);
  });
});
