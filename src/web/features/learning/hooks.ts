import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  HttpError,
  useGetList,
  useLocaleState,
  type GetListParams,
  type UseGetListOptions,
  type UseGetOneOptions,
} from 'react-admin';
import type {
  SchemaBookBrief,
  SchemaBookDetail,
  SchemaEventBrief,
  SchemaEventDetail,
  SchemaLessonBrief,
  SchemaLessonCategory,
  SchemaLessonComment,
  SchemaLessonDetail,
  SchemaNewsBrief,
  SchemaNewsDetail,
} from '../../../api/schema';
import { detailMeta, useGetDetail } from '../../providers/data/detail';
import { LEARNING_CHANGED } from './data';
import { listMeta } from './reads';
import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';
import { isRecordId } from '../../common/urlState';

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

/**
 * One learning record by id, read through useGetDetail (a list's rows never stand in for it); an id that
 * is not a positive integer is not found (no call).
 */
export function useLearningRecord<R extends LearningResource>(
  resource: R,
  id: number,
  options: UseGetOneOptions<LearningRecords[R]['one']> = {},
) {
  const [locale] = useLocaleState();
  const valid = isRecordId(id);
  const query = useGetDetail<LearningRecords[R]['one']>(
    resource,
    { id, meta: listMeta(locale) },
    { ...options, enabled: valid },
  );
  return valid ? query : { ...query, isPending: false, error: notFound };
}

/** Marks the learning lists and views stale (see isLearningQuery); those on screen reload. */
function useRefreshLearning() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(LEARNING_CHANGED), [queryClient]);
}

/** Reloads a lesson's comments (every loaded page) after one was added, hidden, shown or deleted. */
export function useRefreshComments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['learning/comments'] });
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
export const useLessonDashboard = () => useProviderQuery('getLessonDashboard', []);

/** The important news the dashboard highlights. */
export const useImportantNews = () => useProviderQuery('getImportantNews', []);

/** The next `limit` events. */
export const useNearestEvents = (limit: number) => useProviderQuery('getNearestEvents', [limit]);

/** The newest book. */
export const useNewBook = () => useProviderQuery('getNewBook', []);

/** The app's public settings (cached for 10 minutes). */
export const useConfigs = () => useProviderQuery('getConfigs', [], { staleTime: 10 * 60_000 });

/**
 * Buys a book (purchaseBook declares which lists it makes stale). Bought or pending: the book's view
 * shows its new state at once; a refusal (e.g. bought meanwhile in another tab) refreshes the lists
 * too, so the page shows the book as it is now. `isPending` while the call runs.
 */
export function usePurchaseBook() {
  const refresh = useRefreshLearning();
  const setRecord = useSetLearningRecord();
  const { mutateAsync, isPending } = useProviderMutation('purchaseBook', {
    onSuccess: (res) => {
      if (res.status !== 'payment_required' || !res.payment_url) setRecord('learning/books', res.book);
    },
    onError: (err) => {
      if (err instanceof HttpError && err.status === 400) void refresh();
    },
  });
  const purchase = useCallback((bookId: number) => mutateAsync([bookId]), [mutateAsync]);
  return { purchase, isPending };
}
