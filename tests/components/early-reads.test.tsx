import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import {
  AdminContext,
  ListBase,
  memoryStore,
  useGetOne,
  useListContext,
  type DataProvider,
  type Store,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { render } from 'vitest-browser-react';
import { markEarly, queryClient } from '../../src/web/providers/data/queryClient';
import { listRead, type EarlyRead, type EarlyReads } from '../../src/web/providers/data/earlyReads';
import { lessonReads, lessonsReads } from '../../src/web/features/learning/reads';
import { useLearningList, useLearningRecord } from '../../src/web/features/learning/hooks';
import { booksReads } from '../../src/web/features/books/reads';
import { useSubscriptionInfo } from '../../src/web/features/subscription/hooks';
import { subscriptionReads } from '../../src/web/features/subscription/reads';
import { TASKS_LIST, tasksReads } from '../../src/web/features/tasks/reads';
import { IMPORTS_LIST, importsReads } from '../../src/web/features/imports/reads';
import { USERS_LIST, usersReads } from '../../src/web/features/users/reads';
import { WAITING_LEADS_LIST } from '../../src/web/features/leads/reads';
import { personReads, teamReads } from '../../src/web/features/team/reads';

/**
 * #41: a page opened cold asks for its first reads as the app starts (providers/data/startup.ts), under the
 * keys its hooks use. Each case asks a page's reads as the start does, then renders the hook or the list the
 * page renders: it must show their answer at once and ask for nothing again. A key that no longer matched
 * would be asked a second time (the last case shows that this test sees it).
 */

const i18n = polyglotI18nProvider(() => englishMessages, 'en');

/** Every call the pages' hooks could make, counted. */
function methods() {
  return {
    // Many rows, so that a list kept on a later page stays there.
    getList: vi.fn((resource: string) => Promise.resolve({ data: [{ id: 1, title: `${resource} row` }], total: 100 })),
    getOne: vi.fn((resource: string, { id }: { id: string | number }) =>
      Promise.resolve({ data: { id: Number(id), title: `${resource} ${String(id)}` } }),
    ),
    getSubscriptionInfo: vi.fn(() => Promise.resolve({ history: [], title: 'subscription info' })),
  };
}
type Methods = ReturnType<typeof methods>;

/** Where a page is opened: the address and what react-admin's store kept. */
type Opened = { path?: string; search?: string; params?: Record<string, string>; store?: Store };

/** Asks `reads` at `opened` as the app's start does, then renders `ui` there on the same query client. */
async function startAndRender(reads: EarlyReads, ui: ReactNode, opened: Opened = {}) {
  const store = opened.store ?? memoryStore();
  const calls = methods();
  const asked: readonly EarlyRead[] = reads({
    params: opened.params ?? {},
    search: opened.search ?? '',
    locale: 'en',
    store,
  });
  for (const read of asked) {
    markEarly(read.queryKey);
    await queryClient.query({ queryKey: read.queryKey, queryFn: () => read.queryFn(calls as never) });
  }
  const before = callCount(calls);
  const screen = await render(
    <MemoryRouter initialEntries={[`${opened.path ?? '/'}${opened.search ?? ''}`]}>
      <AdminContext
        dataProvider={calls as unknown as DataProvider}
        queryClient={queryClient}
        i18nProvider={i18n}
        store={store}
      >
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
  return { screen, calls, asked, before };
}

const callCount = (calls: Methods) =>
  calls.getList.mock.calls.length + calls.getOne.mock.calls.length + calls.getSubscriptionInfo.mock.calls.length;

/** What a query shows: its answer's rows or title once it has one. */
function Answer({ query }: { query: { data?: unknown; isPending: boolean } }) {
  if (query.isPending) return <p>waiting</p>;
  const data = query.data as { title?: string } | { title?: string }[];
  return <p>{Array.isArray(data) ? data.map((r) => r.title).join(', ') : data.title}</p>;
}

function LearningList({
  resource,
  free,
}: {
  resource: 'learning/categories' | 'learning/lessons' | 'learning/books';
  free?: boolean;
}) {
  return <Answer query={useLearningList(resource, free ? { filter: { free: true } } : {})} />;
}

function Lesson({ id }: { id: number }) {
  return <Answer query={useLearningRecord('learning/lessons', id)} />;
}

function Subscription() {
  return <Answer query={useSubscriptionInfo()} />;
}

/** PersonPage's read of the person. */
function Person({ pk }: { pk: string }) {
  return <Answer query={useGetOne('user-details', { id: Number(pk) })} />;
}

/** A list's rows and the parameters its controller read them with. */
function Rows() {
  const { data, isPending, filterValues, sort, page, perPage } = useListContext();
  if (isPending) return <p>waiting</p>;
  return (
    <p>
      {(data as { title: string }[]).map((r) => r.title).join(', ')} | {JSON.stringify(filterValues)} {sort.field}{' '}
      {sort.order} {page}/{perPage}
    </p>
  );
}

afterEach(() => {
  queryClient.clear();
});

describe("a page's first reads, asked as the app starts", () => {
  it('/lessons: the categories and the free lessons', async () => {
    const { screen, calls, asked, before } = await startAndRender(
      lessonsReads,
      <>
        <LearningList resource="learning/categories" />
        <LearningList resource="learning/lessons" free />
      </>,
    );
    expect(asked).toHaveLength(2);
    await expect.element(screen.getByText('learning/categories row')).toBeVisible();
    await expect.element(screen.getByText('learning/lessons row')).toBeVisible();
    expect(callCount(calls)).toBe(before);
  });

  it('/lesson/view/:id: the lesson; an id that cannot exist asks nothing', async () => {
    const { screen, calls, before } = await startAndRender(lessonReads, <Lesson id={5} />, { params: { id: '5' } });
    await expect.element(screen.getByText('learning/lessons 5')).toBeVisible();
    expect(callCount(calls)).toBe(before);
    expect(lessonReads({ params: { id: 'x' }, search: '', locale: 'en', store: memoryStore() })).toEqual([]);
  });

  it('/books and /subscription', async () => {
    const books = await startAndRender(booksReads, <LearningList resource="learning/books" />);
    await expect.element(books.screen.getByText('learning/books row')).toBeVisible();
    expect(callCount(books.calls)).toBe(books.before);
    queryClient.clear();
    const info = await startAndRender(subscriptionReads, <Subscription />);
    await expect.element(info.screen.getByText('subscription info')).toBeVisible();
    expect(callCount(info.calls)).toBe(info.before);
  });

  it('/user/view-details/:pk: the person', async () => {
    const { screen, calls, before } = await startAndRender(personReads, <Person pk="12" />, { params: { pk: '12' } });
    await expect.element(screen.getByText('user-details 12')).toBeVisible();
    expect(callCount(calls)).toBe(before);
  });

  it("/staff/tasks: the list's own defaults on a first visit", async () => {
    const { screen, calls, before } = await startAndRender(
      tasksReads,
      <ListBase {...TASKS_LIST}>
        <Rows />
      </ListBase>,
      { path: '/staff/tasks' },
    );
    await expect.element(screen.getByText('tasks row | {"tab":"today"} start_at ASC 1/25')).toBeVisible();
    expect(callCount(calls)).toBe(before);
  });

  it('/staff/tasks: the tab, order and page the store kept from the last visit', async () => {
    const store = memoryStore({
      'tasks.listParams': { filter: { tab: 'completed' }, sort: 'completed_at', order: 'DESC', page: 2, perPage: 25 },
    });
    const { screen, calls, before } = await startAndRender(
      tasksReads,
      <ListBase {...TASKS_LIST}>
        <Rows />
      </ListBase>,
      { path: '/staff/tasks', store },
    );
    await expect.element(screen.getByText('tasks row | {"tab":"completed"} completed_at DESC 2/25')).toBeVisible();
    expect(callCount(calls)).toBe(before);
  });

  it('/users and /staff/users_imports: the parameters in the address win over the stored ones', async () => {
    const store = memoryStore({
      'users.listParams': { filter: { role: 'admin' }, sort: 'id', order: 'DESC', page: 1, perPage: 25 },
    });
    const search = `?${new URLSearchParams({ filter: JSON.stringify({ role: 'member' }), page: '3', perPage: '25', sort: 'id', order: 'ASC' }).toString()}`;
    const users = await startAndRender(
      usersReads,
      <ListBase resource="users" {...USERS_LIST}>
        <Rows />
      </ListBase>,
      { path: '/users', search, store },
    );
    await expect.element(users.screen.getByText('users row | {"role":"member"} id ASC 3/25')).toBeVisible();
    expect(callCount(users.calls)).toBe(users.before);
    queryClient.clear();
    const imports = await startAndRender(
      importsReads,
      <ListBase {...IMPORTS_LIST}>
        <Rows />
      </ListBase>,
      { path: '/staff/users_imports' },
    );
    await expect.element(imports.screen.getByText('imports row | {} created_at DESC 1/10')).toBeVisible();
    expect(callCount(imports.calls)).toBe(imports.before);
  });

  it("/team?tab=waiting: the waiting leads' stored filter, not the address (a tab of Team's page)", async () => {
    const store = memoryStore({
      [WAITING_LEADS_LIST.storeKey]: {
        filter: { source: 'import' },
        sort: 'waiting_since',
        order: 'ASC',
        page: 1,
        perPage: 25,
      },
    });
    const { screen, calls, asked, before } = await startAndRender(
      teamReads,
      <ListBase {...WAITING_LEADS_LIST}>
        <Rows />
      </ListBase>,
      { path: '/team', search: '?tab=waiting', store },
    );
    expect(asked).toHaveLength(1);
    await expect
      .element(screen.getByText('waiting-leads row | {"source":"import"} waiting_since ASC 1/25'))
      .toBeVisible();
    expect(callCount(calls)).toBe(before);
    // The tree's tab reads its levels as they open: nothing ahead.
    expect(teamReads({ params: {}, search: '', locale: 'en', store })).toEqual([]);
  });

  it('a read under a key the page does not use is asked again by the page', async () => {
    const { screen, calls, before } = await startAndRender(
      () => [listRead('learning/books', { meta: { locale: 'de' } })],
      <LearningList resource="learning/books" />,
    );
    await expect.element(screen.getByText('learning/books row')).toBeVisible();
    expect(callCount(calls)).toBe(before + 1);
  });
});
