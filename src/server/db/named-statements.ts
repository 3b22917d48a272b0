import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Put in a statement's text to keep it unnamed: PostgreSQL then plans it for its actual values every
 * time. For statements whose best plan depends on a value, such as a subtree by ltree path (a root's
 * subtree is most of the table, a leaf's a handful of rows), where a generic plan would fit one and
 * not the other.
 */
export const PLAN_PER_CALL = '/* plan per call */';

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

type QueryConfig = { text?: unknown; name?: string; values?: unknown[]; rowMode?: 'array'; types?: unknown };

// The config keys a query may carry to be built by plainConfigQuery; any other key (a callback, rows,
// a timeout…) leaves the query to pg as it is.
const PLAIN_KEYS = new Set(['text', 'name', 'values', 'rowMode', 'types']);
const isPlainConfig = (config: object) => {
  for (const key in config) if (!PLAIN_KEYS.has(key)) return false;
  return true;
};

/** The parts of pg's Query this module sets, as its constructor does. */
type QueryInternals = { name?: string; types?: unknown; _rowMode?: string; _result: unknown; _results: unknown; callback?: (err: Error | null, res: unknown) => void };
const { Result } = pg as unknown as { Result: new (rowMode?: string, types?: unknown) => unknown };

/**
 * A query built from its text, with its name, values, row mode and types set as pg's constructor sets
 * them. Given a config object, pg 8.23 first copies it property by property
 * (`Object.defineProperties(Object.create(…), Object.getOwnPropertyDescriptors(config))`) and then
 * reads a dictionary-mode object (the name check's server CPU: 69.5 → 65.3 µs a request without the
 * copy). From a text it copies nothing. Upstream: node-postgres pull request 3743. A plain pg.Query,
 * not a subclass, so pg's own code keeps seeing one kind of query object.
 */
function plainConfigQuery(config: QueryConfig & { text: string }, values: unknown[] | undefined, name: string | undefined): InstanceType<typeof pg.Query> {
  const query = new pg.Query(config.text, values);
  const self = query as unknown as QueryInternals;
  self.name = name;
  if (config.rowMode !== undefined || config.types !== undefined) {
    self.types = config.types;
    self._rowMode = config.rowMode;
    self._result = self._results = new Result(config.rowMode, config.types);
  }
  return query;
}

/**
 * A pg client that runs every statement with parameters as a named (prepared) statement: each
 * connection parses it once and PostgreSQL keeps a generic plan once it has seen that one costs no
 * more than planning per call. Planning was 1 to 3 ms of most requests' statements (more than running
 * them). Statements without parameters (DDL, several commands in one text) stay as they are. A
 * promise-style call with a plain config is built by plainConfigQuery.
 */
export class NamingClient extends pg.Client {
  // pg's overloads are many; this one only looks at a config object and passes everything on.
  override query(...args: unknown[]): never {
    const [first, second] = args;
    if (first && typeof first === 'object' && !(first as { submit?: unknown }).submit) {
      const config = first as QueryConfig;
      // As pg reads them: values given beside the config win over its own.
      const values = Array.isArray(second) ? second : config.values;
      const name = config.name ?? (typeof config.text === 'string' && values?.length ? fixedStatementName(config.text) : undefined);
      if (typeof config.text === 'string' && args.length <= 2 && (second === undefined || Array.isArray(second)) && isPlainConfig(config)) {
        const query = plainConfigQuery(config as QueryConfig & { text: string }, values, name);
        const done = new Promise((resolve, reject) => {
          (query as unknown as QueryInternals).callback = (err, res) => (err ? reject(err) : resolve(res));
        }).catch((err: Error) => {
          // As pg does: a stack that leads back to the caller instead of the socket's read.
          Error.captureStackTrace(err);
          throw err;
        });
        (pg.Client.prototype.query as (q: unknown) => unknown).call(this, query);
        return done as never;
      }
      if (name && !config.name) args[0] = { ...config, name };
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}
