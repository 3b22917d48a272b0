import type { FastifyReply } from 'fastify';
import { FieldErrors } from '../errors';

/** The query of a ra-data-simple-rest list: JSON `sort`, `range` and `filter`. */
export type SimpleRestQuery = { sort?: string; range?: string; filter?: string };

export type ListWindow<F> = { field: string; desc: boolean; offset: number; limit: number; filter: F };

function parseJson(field: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw FieldErrors.of(field, 'field_invalid');
  }
}

/** The largest `range` bound: the positions of a list are PostgreSQL integers. */
const MAX_POSITION = 2147483647;

/**
 * Validates sort/range/filter: sorting only by the listed fields, filtering only by the listed keys
 * (anything else, `__proto__` and `constructor` included, is a 400), at most 200 rows a page.
 */
export function parseSimpleRest<F extends Record<string, unknown>>(
  q: SimpleRestQuery,
  sortable: readonly string[],
  defaultSort: [string, 'ASC' | 'DESC'],
  filterable: readonly string[],
): ListWindow<F> {
  const sort = parseJson('sort', q.sort) ?? defaultSort;
  const range = parseJson('range', q.range) ?? [0, 24];
  const filter = parseJson('filter', q.filter) ?? {};
  const pair: unknown[] = Array.isArray(sort) && sort.length === 2 ? (sort as unknown[]) : [];
  const [field, direction] = pair;
  if (typeof field !== 'string' || !sortable.includes(field) || (direction !== 'ASC' && direction !== 'DESC')) {
    throw FieldErrors.of('sort', 'field_invalid');
  }
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_POSITION) ||
    range[1] < range[0]
  ) {
    throw FieldErrors.of('range', 'field_invalid');
  }
  if (typeof filter !== 'object' || Array.isArray(filter)) throw FieldErrors.of('filter', 'field_invalid');
  for (const key of Object.keys(filter)) if (!filterable.includes(key)) throw FieldErrors.of('filter', 'field_unknown');
  const offset = range[0] as number;
  const limit = Math.min(200, (range[1] as number) - offset + 1);
  return { field, desc: direction === 'DESC', offset, limit, filter: filter as F };
}

/** Sets `Content-Range: <resource> first-last/total` the way ra-data-simple-rest reads it. */
export function contentRange(reply: FastifyReply, resource: string, offset: number, count: number, total: number) {
  const last = count === 0 ? offset : offset + count - 1;
  reply.header('Content-Range', `${resource} ${offset}-${last}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}
