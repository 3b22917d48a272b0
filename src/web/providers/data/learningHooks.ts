import { useCallback } from 'react';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import {
  HttpError,
  useDataProvider,
  useGetList,
  useLocaleState,
  type GetListParams,
  type UseGetListOptions,
  type UseGetOneOptions,
} from 'react-admin';
import type {
  SchemaBookBrief,
  SchemaBookDetail,
  SchemaBookPurchaseResponse,
  SchemaEventBrief,
  SchemaEventDetail,
  SchemaLessonBrief,
  SchemaLessonCategory,
  SchemaLessonComment,
  SchemaLessonDetail,
  SchemaNewsBrief,
  SchemaNewsDetail,
} from '../../../api/schema';
import type { AtriumDataProvider } from '.';
import { detailMeta, useGetDetail } from './detail';

/** The member's learning resources (lessons, news, events, books): the rows of a list and the record of a view. */
type LearningRecords = {
  'learning/books': { list: SchemaBookBrief; one: SchemaBookDetail };
  'learning/categories': { list: SchemaLessonCategory; one: SchemaLessonCategory };
  'learning/comments': { list: SchemaLessonComment; one: SchemaLessonComment };
  'learning/events': { list: SchemaEventBrief; one: SchemaEventDetail };
  'learning/lessons': { list: SchemaLessonBrief; one: SchemaLessonDetail };
  'learning/news': { list: SchemaNewsBrief; one: SchemaNewsDetail };
};
export type LearningResource = keyof LearningRecords;

/**
 * The server answers in the interface language, so it is part of every learning query's key (as
 * react-admin's `meta`); a view reads its record through useGetDetail (its rows never stand in for it).
 */
const listMeta = (locale: string) => ({ locale });

/** A page of a learning list; the previous page stays on screen while the next one loads. */
export function useLearningList<R extends LearningResource>(
  resource: R,
  params: Partial<Omit<GetListParams, 'meta'>>,
  options: UseGetListOptions<LearningRecords[R]['list']> = {},
) {
  const [locale] = useLocaleState();
  return useGetList<LearningRecords[R]['list']>(
    resource,
    { ...params, meta: listMeta(locale) },
    { placeholderData: (prev) => prev, ...options },
  );
}

/** Answers like the server would for an id that cannot exist (not a positive integer). */
export const notFound = new HttpError('Not found.', 404);

/** One learning record by id; an id that is not a positive integer is not found (no call). */
export function useLearningRecord<R extends LearningResource>(
  resource: R,
  id: number,
  options: UseGetOneOptions<LearningRecords[R]['one']> = {},
) {
  const [locale] = useLocaleState();
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetDetail<LearningRecords[R]['one']>(
    resource,
    { id, meta: listMeta(locale) },
    { ...options, enabled: valid },
  );
  return valid ? query : { ...query, isPending: false, error: notFound };
}

/**
 * Keys of the learning custom methods' queries: 'learning' first (one invalidation refreshes them
 * after watching, commenting or buying) and the interface language.
 */
function useLearningKey() {
  const [locale] = useLocaleState();
  return useCallback((...parts: unknown[]) => ['learning', locale, ...parts] as const, [locale]);
}

/**
 * The queries a learning change (a lesson watched, a book bought) makes stale: the custom methods'
 * ('learning', …) and the learning resources' lists and views. Not the open lesson (reloading it would
 * restart its player with a new signed video link) and not the comments (they refresh on their own).
 */
export function isLearningQuery({ queryKey: [root, method] }: Query) {
  if (root === 'learning') return true;
  if (typeof root !== 'string' || !root.startsWith('learning/') || root === 'learning/comments') return false;
  return !(root === 'learning/lessons' && method === 'getOne');
}

/** Marks the learning lists and views stale; those on screen reload. */
export function useRefreshLearning() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: isLearningQuery }), [queryClient]);
}

/** Puts a learning record's new state (e.g. a book just bought) in the cache of its view. */
function useSetLearningRecord() {
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  return useCallback(
    <R extends LearningResource>(resource: R, record: LearningRecords[R]['one']) =>
      queryClient.setQueryData(
        [resource, 'getOne', { id: String(record.id), meta: detailMeta(listMeta(locale)) }],
        record,
      ),
    [queryClient, locale],
  );
}

/** The dashboard's lessons: to continue, the newest, and the member's completion counts. */
export function useLessonDashboard() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const key = useLearningKey();
  return useQuery({ queryKey: key('dashboard-lessons'), queryFn: () => dataProvider.getLessonDashboard() });
}

/** The important news the dashboard highlights. */
export function useImportantNews() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const key = useLearningKey();
  return useQuery({ queryKey: key('important-news'), queryFn: () => dataProvider.getImportantNews() });
}

/** The next `limit` events. */
export function useNearestEvents(limit: number) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const key = useLearningKey();
  return useQuery({ queryKey: key('events-nearest', limit), queryFn: () => dataProvider.getNearestEvents(limit) });
}

/** The newest book. */
export function useNewBook() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const key = useLearningKey();
  return useQuery({ queryKey: key('book-new'), queryFn: () => dataProvider.getNewBook() });
}

/** The app's public settings (cached for 10 minutes). */
export function useConfigs() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useQuery({ queryKey: ['configs'], queryFn: () => dataProvider.getConfigs(), staleTime: 10 * 60_000 });
}

/**
 * Buys a book. Bought or pending: the book's view shows its new state and the learning lists
 * refresh; a refusal (e.g. bought meanwhile in another tab) refreshes them too, so the page shows
 * the book as it is now. A payment to make elsewhere changes nothing yet.
 */
export function usePurchaseBook() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const refresh = useRefreshLearning();
  const setRecord = useSetLearningRecord();
  return useCallback(
    async (bookId: number): Promise<SchemaBookPurchaseResponse> => {
      try {
        const res = await dataProvider.purchaseBook(bookId);
        if (res.status !== 'payment_required' || !res.payment_url) {
          setRecord('learning/books', res.book);
          void refresh();
        }
        return res;
      } catch (err) {
        if (err instanceof HttpError && err.status === 400) void refresh();
        throw err;
      }
    },
    [dataProvider, refresh, setRecord],
  );
}
