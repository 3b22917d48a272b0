import type { Query } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type {
  SchemaDashboardLessons,
  SchemaLessonCategory,
  SchemaLessonComment,
  SchemaLessonCommentCreate,
  SchemaLessonProgress,
  SchemaLessonViewRequest,
} from '../../../api/schema';
import { invalidating } from '../../providers/data/invalidation';
import type { ResourceAdapter } from '../../providers/data/types';

/** `learning/lessons`' filter: a category's lessons (null: all), a search, the member's completion; `free` lists the free lessons. */
type LessonFilter = { category?: number | null; q?: string; completed?: boolean; free?: boolean };

/** What a page of `learning/lessons` carries besides its rows: the filtered category with the member's completion. */
export type LessonListMeta = { category: SchemaLessonCategory | null };

/**
 * `learning/lessons` → navigator/lesson/…: the member's lessons, paged and searched (with the
 * category as the page's `meta`), the free ones (`filter.free`), and one lesson with its progress.
 */
export const lessonsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const f = (filter ?? {}) as LessonFilter;
    if (f.free) {
      const list = await unwrap(api.GET('/navigator/lesson/free/list/'));
      return { data: list, total: list.length };
    }
    const page = await unwrap(
      api.POST('/navigator/lesson/list/', {
        params: {
          query: { page: pagination?.page ?? 1, page_size: pagination?.perPage ?? 12, search: f.q || undefined },
        },
        body: { category: f.category ?? null, ...(f.completed === undefined ? {} : { completed: f.completed }) },
      }),
    );
    const meta: LessonListMeta = { category: page.category ?? null };
    return { data: page.results, total: page.count, meta };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.GET('/navigator/lesson/view/{id}/', { params: { path: { id: Number(id) } } })) };
  },
};

/** `learning/categories` → navigator/categories/list/: every category with the member's completion (one page). */
export const lessonCategoriesAdapter: ResourceAdapter = {
  async getList() {
    const list = await unwrap(api.GET('/navigator/categories/list/'));
    return { data: list, total: list.length };
  },
};

/**
 * `learning/comments` → navigator/comments/: a lesson's comments (`filter.lesson`), newest first,
 * paged; one by id (a comment's link, GET navigator/comments/{id}/); add one, hide or show one (`update` with `{is_hidden}`, a moderator's action), delete one.
 */
export const lessonCommentsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const lesson = Number((filter as { lesson?: number } | undefined)?.lesson);
    const page = await unwrap(
      api.GET('/navigator/comments/', {
        params: { query: { lesson, page: pagination?.page ?? 1, page_size: pagination?.perPage ?? 20 } },
      }),
    );
    return {
      data: page.results,
      total: page.count,
      pageInfo: { hasNextPage: page.next !== null, hasPreviousPage: page.previous !== null },
    };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.GET('/navigator/comments/{id}/', { params: { path: { id: Number(id) } } })) };
  },
  async create(_resource, { data }) {
    const body = data as SchemaLessonCommentCreate;
    return { data: await unwrap(api.POST('/navigator/comments/', { body })) };
  },
  async update(_resource, { id, data }) {
    const { is_hidden } = data as Pick<SchemaLessonComment, 'is_hidden'>;
    return {
      data: await unwrap(
        api.POST('/navigator/comments/{id}/moderation/', { params: { path: { id: Number(id) } }, body: { is_hidden } }),
      ),
    };
  },
  async delete(_resource, { id, previousData }) {
    await unwrap(api.DELETE('/navigator/comments/{id}/', { params: { path: { id: Number(id) } } }));
    return { data: previousData ?? { id } };
  },
};

/** The learning custom reads (their keys start with the method's name, see providerHooks.ts). */
const LEARNING_READS: readonly unknown[] = ['getLessonDashboard', 'getImportantNews', 'getNearestEvents', 'getNewBook'];

/**
 * The queries a learning change (a lesson watched, a book bought) makes stale: the learning custom
 * reads and the learning resources' lists and views. Not the open lesson (reloading it would restart its
 * player with a new signed video link) and not the comments (they refresh on their own).
 */
export function isLearningQuery({ queryKey: [root, method] }: Pick<Query, 'queryKey'>) {
  if (LEARNING_READS.includes(root)) return true;
  if (typeof root !== 'string' || !root.startsWith('learning/') || root === 'learning/comments') return false;
  return !(root === 'learning/lessons' && method === 'getOne');
}

/** What a learning change declares stale (see isLearningQuery). */
export const LEARNING_CHANGED = { predicate: isLearningQuery };

/** What the lesson screens do that is not a resource: the dashboard's lessons and the watch position. */
export const lessonsMethods = {
  /** The lessons to continue and the newest ones, with the member's completion counts. */
  getLessonDashboard: (): Promise<SchemaDashboardLessons> => unwrap(api.GET('/navigator/lessons/dashboard/')),
  /**
   * Records the watch position of a lesson; `leaving` sends with `keepalive`, so the call completes
   * even when the page is being closed.
   */
  recordLessonView: invalidating(
    { invalidates: [LEARNING_CHANGED] },
    (lessonId: number, body: SchemaLessonViewRequest, leaving = false): Promise<SchemaLessonProgress> =>
      unwrap(
        api.POST('/navigator/lesson/view/{id}/', { params: { path: { id: lessonId } }, body, keepalive: leaving }),
      ),
  ),
};
