import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Put in a statement's text to keep it unnamed: PostgreSQL then plans it for its actual values every
 * time. For statements whose best plan depends on a value, such as a subtree by ltree path (a root's
 * subtree is most of the table, a leaf's a handful of rows), where a generic plan would fit one and
 * not the other.
 */
export const PLAN_PER_CALL = '/* plan per call */';

// Past MAX_NAMES texts, new ones run unnamed instead of evicting old names (no LRU here): each
// connection keeps every statement it prepared, so names must stay few for its memory to stay bounded.
const MAX_NAMES = 2000;
const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMES) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** The name a statement runs under: none when it asks to be planned per call. */
export const fixedStatementName = (text: string) => (text.includes(PLAN_PER_CALL) ? undefined : statementName(text));

/**
 * A pg client that runs every statement with parameters as a named (prepared) statement: each
 * connection parses it once and PostgreSQL keeps a generic plan once it has seen that one costs no
 * more than planning per call. Planning was 1 to 3 ms of most requests' statements (more than running
 * them). Statements without parameters (DDL, several commands in one text) stay as they are. Only
 * pg's public query config is used: the name is added to a copy of the caller's config and pg does
 * the rest (values given beside the config, row mode, types, callbacks, portals).
 */
export class NamingClient extends pg.Client {
  // pg's overloads are many; this one only looks at a config object and passes everything on.
  override query(...args: unknown[]): never {
    const [first, second] = args;
    if (first && typeof first === 'object' && !(first as { submit?: unknown }).submit) {
      const config = first as pg.QueryConfig;
      if (config.name === undefined && typeof config.text === 'string') {
        // As pg reads them: values given beside the config win over its own.
        const values = Array.isArray(second) ? second : config.values;
        const name = values?.length ? fixedStatementName(config.text) : undefined;
        if (name) args[0] = { ...config, name };
      }
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}

/**
 * A pg client that runs every statement unnamed, dropping a name the caller gave (DB_NAMED_STATEMENTS=0):
 * for a transaction pooler (PgBouncer before 1.21, or without `max_prepared_statements`) that hands
 * each transaction to any server connection, where a statement prepared on one is unknown on the next.
 */
export class UnnamedClient extends pg.Client {
  // As NamingClient: only a config object is looked at, everything else passes on as it is.
  override query(...args: unknown[]): never {
    const [first] = args;
    if (first && typeof first === 'object' && !(first as { submit?: unknown }).submit) {
      const config = first as pg.QueryConfig;
      if (config.name !== undefined) {
        const { name: _name, ...unnamed } = config;
        args[0] = unnamed;
      }
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}
