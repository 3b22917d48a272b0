import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { createTestApp, type TestApp } from '../setup/test-app';
import { makeMember, userId } from '../setup/accounts';
import { api, grantPackage, makeCategory, sellPackage, type Json } from '../setup/learning';

let t: TestApp;
let admin: string;
let member: string;
let paid: { id: number; lessons: number[] };
let free: { id: number; lessons: number[] };
let unsold: { id: number; lessons: number[] };

beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([t.login('admin@demo.atrium'), t.login('member@demo.atrium')]);
  free = await makeCategory(t, 'Basics', 3, 3);
  paid = await makeCategory(t, 'Advanced', 4, 1);
  // Paid lessons have something to buy: a package on sale includes their category; none includes `unsold`.
  await sellPackage(t, [paid.id]);
  unsold = await makeCategory(t, 'Unsold', 2);
});
afterAll(async () => {
  await t.close();
});

describe('lesson categories and lists', () => {
  it('lists categories in order with lesson and completion counts', async () => {
    const res = await api(t, 'GET', '/api/navigator/categories/list/', { token: member });
    expect(res.statusCode).toBe(200);
    const cats = res.json<Json[]>();
    const advanced = cats.find((c) => c.id === paid.id)!;
    expect(advanced).toMatchObject({
      title: 'Advanced',
      lessons_count: 4,
      completed_count: 0,
      image: null,
      description: '',
    });
    // The demo content comes first (order 1..3), ours after (order 100).
    expect(cats.map((c) => c.order)).toEqual([...cats.map((c) => c.order)].sort((a, b) => a - b));
  });

  it('pages the lessons of a category with access, progress and the category', async () => {
    const res = await api(t, 'POST', `/api/navigator/lesson/list/?page_size=2`, {
      token: member,
      body: { category: paid.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, total_count: 4, current: 1, previous: null });
    expect(body.next).toContain('page=2');
    expect(body.category).toMatchObject({ id: paid.id, lessons_count: 4, completed_count: 0 });
    expect(body.results.map((l: Json) => l.id)).toEqual(paid.lessons.slice(0, 2));
    const [first, second] = body.results;
    expect(first).toMatchObject({
      category: { id: paid.id, title: 'Advanced' },
      order: 1,
      progress: null,
      comments_count: 0,
    });
    expect(first.access).toEqual({ is_free: true, locked: false, reason: null, message: null, available_from: null });
    expect(second.access).toMatchObject({ is_free: false, locked: true, reason: 'subscription_required' });
    // The demo member's profile language is Russian.
    expect(second.access.message).toBe(catalogues.ru.lesson_locked_subscription);

    const page2 = await api(t, 'POST', `/api/navigator/lesson/list/?page=2&page_size=2`, {
      token: member,
      body: { category: paid.id },
    });
    expect(page2.json().results.map((l: Json) => l.id)).toEqual(paid.lessons.slice(2));
  });

  it('searches by title, filters free lessons, and counts before/after the filters', async () => {
    const res = await api(t, 'POST', '/api/navigator/lesson/list/?search=lesson%203', {
      token: member,
      body: { category: paid.id },
    });
    expect(res.json()).toMatchObject({ count: 1, total_count: 4 });
    expect(res.json().results[0].title).toBe('Advanced lesson 3');
    const freeOnly = await api(t, 'POST', '/api/navigator/lesson/list/', {
      token: member,
      body: { category: paid.id, is_free: true },
    });
    expect(freeOnly.json().results.map((l: Json) => l.id)).toEqual([paid.lessons[0]]);
    const all = await api(t, 'POST', '/api/navigator/lesson/list/?search=Advanced', {
      token: member,
      body: { category: null },
    });
    expect(all.json()).toMatchObject({ count: 4, category: null });
    expect(all.json().results.map((l: Json) => l.id)).toEqual(paid.lessons);
    // Across categories the filters are matched once and both the count and the page read that match.
    const freeAdvanced = await api(t, 'POST', '/api/navigator/lesson/list/?search=Advanced&page_size=1', {
      token: member,
      body: { category: null, is_free: true },
    });
    expect(freeAdvanced.json()).toMatchObject({ count: 1, next: null });
    expect(freeAdvanced.json().results.map((l: Json) => l.id)).toEqual([paid.lessons[0]]);
    const secondPage = await api(t, 'POST', '/api/navigator/lesson/list/?search=Advanced&page=2&page_size=3', {
      token: member,
      body: { category: null },
    });
    expect(secondPage.json()).toMatchObject({ count: 4 });
    expect(secondPage.json().results.map((l: Json) => l.id)).toEqual([paid.lessons[3]]);
  });

  it('a search across categories keeps the ordering asked for, leaves out unpublished lessons and takes % and _ as they are', async () => {
    await t.pool.query(
      `insert into lessons (category_id, title, is_published) values ($1, 'Advanced lesson hidden', false)`,
      [paid.id],
    );
    await t.pool.query(
      `insert into lessons (category_id, title, published_at) values ($1, 'Advanced lesson later', now() + interval '1 day')`,
      [paid.id],
    );
    const byTitle = await api(t, 'POST', '/api/navigator/lesson/list/?search=advanced&ordering=-title', {
      token: member,
      body: { category: null },
    });
    expect(byTitle.json().count).toBe(4);
    const titles = byTitle.json().results.map((l: Json) => l.title);
    expect(titles).toEqual([...titles].sort().reverse());
    for (const literal of ['lesson_3', 'lesson%3', '%', '_']) {
      const res = await api(t, 'POST', `/api/navigator/lesson/list/?search=${encodeURIComponent(literal)}`, {
        token: member,
        body: { category: null },
      });
      expect(res.json(), literal).toMatchObject({ count: 0, results: [] });
    }
  });

  it('an unknown category or ordering is a 400', async () => {
    const res = await api(t, 'POST', '/api/navigator/lesson/list/', { token: member, body: { category: 999999 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['category']);
    const bad = await api(t, 'POST', '/api/navigator/lesson/list/?ordering=password', {
      token: member,
      body: { category: null },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('free lessons are listed for everyone, unlocked', async () => {
    const res = await api(t, 'GET', '/api/navigator/lesson/free/list/', { token: member });
    expect(res.statusCode).toBe(200);
    const ids = res.json<Json[]>().map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([...free.lessons, paid.lessons[0]]));
    expect(ids).not.toContain(paid.lessons[1]);
    expect(res.json<Json[]>().every((l) => l.access.locked === false)).toBe(true);
  });
});

describe('the lesson page and access', () => {
  it('a free lesson plays: embed URL, description, materials, neighbours', async () => {
    await t.pool.query(
      `insert into lesson_materials (lesson_id, title, url) values ($1, 'Slides', 'https://example.com/slides')`,
      [free.lessons[1]],
    );
    const res = await api(t, 'GET', `/api/navigator/lesson/view/${free.lessons[1]}/`, { token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: free.lessons[1],
      video_url: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      video_type: 'youtube',
      description: '<p>About</p>',
      materials: [{ title: 'Slides', kind: 'link', url: 'https://example.com/slides' }],
      previous_lesson: free.lessons[0],
      next_lesson: free.lessons[2],
      access: { locked: false },
    });
  });

  it('a paid lesson without access is locked: no video, no materials, a reason; its view is a 403', async () => {
    await t.pool.query(
      `insert into lesson_materials (lesson_id, title, url) values ($1, 'Secret', 'https://example.com/secret')`,
      [paid.lessons[1]],
    );
    const res = await api(t, 'GET', `/api/navigator/lesson/view/${paid.lessons[1]}/`, { token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      video_url: null,
      video_type: null,
      materials: [],
      access: { locked: true, reason: 'subscription_required' },
    });
    const view = await api(t, 'POST', `/api/navigator/lesson/view/${paid.lessons[1]}/`, {
      token: member,
      body: { time: 10 },
    });
    expect(view.statusCode).toBe(403);
    expect(view.json()).toEqual({ code: 'subscription_required', detail: res.json().access.message });
    const { rows } = await t.pool.query('select 1 from lesson_progress where lesson_id = $1', [paid.lessons[1]]);
    expect(rows).toHaveLength(0);
  });

  it('a granted package opens the lesson (GET and POST 200); a package of another category says package_required', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    await grantPackage(t, m.id, [free.id]);
    const other = await api(t, 'GET', `/api/navigator/lesson/view/${paid.lessons[1]}/`, { token });
    expect(other.json().access).toMatchObject({ locked: true, reason: 'package_required' });
    expect(
      (await api(t, 'POST', `/api/navigator/lesson/view/${paid.lessons[1]}/`, { token, body: { time: 5 } })).statusCode,
    ).toBe(403);

    await grantPackage(t, m.id, [paid.id]);
    const open = await api(t, 'GET', `/api/navigator/lesson/view/${paid.lessons[1]}/`, { token });
    expect(open.json()).toMatchObject({
      access: { locked: false },
      video_type: 'youtube',
      materials: [{ title: 'Secret' }],
    });
    const view = await api(t, 'POST', `/api/navigator/lesson/view/${paid.lessons[1]}/`, { token, body: { time: 5 } });
    expect(view.statusCode).toBe(200);
  });

  it('an ended or canceled package does not open anything', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    await grantPackage(t, m.id, [paid.id], 'canceled');
    const pkg = await grantPackage(t, m.id, [paid.id]);
    await t.pool.query(`update user_packages set ends_at = now() - interval '1 day' where package_id = $1`, [pkg]);
    const res = await api(t, 'GET', `/api/navigator/lesson/view/${paid.lessons[2]}/`, { token });
    expect(res.json().access).toMatchObject({ locked: true, reason: 'subscription_required' });
  });

  it('a paid lesson no package on sale includes says in_no_package (list, page, 403); once one is sold, it is for sale', async () => {
    const m = await makeMember(t, { language: 'de' });
    const token = await t.login(m.email, m.password);
    // A package the member holds (of another category): no matter, there is nothing to buy for this one.
    await grantPackage(t, m.id, [free.id]);
    const list = await api(t, 'POST', '/api/navigator/lesson/list/', { token, body: { category: unsold.id } });
    expect(list.json().results.map((l: Json) => l.access)).toEqual(
      unsold.lessons.map(() => ({
        is_free: false,
        locked: true,
        reason: 'in_no_package',
        message: catalogues.de.lesson_locked_in_no_package,
        available_from: null,
      })),
    );
    const page = await api(t, 'GET', `/api/navigator/lesson/view/${unsold.lessons[0]}/`, { token });
    expect(page.json()).toMatchObject({
      video_url: null,
      materials: [],
      access: { locked: true, reason: 'in_no_package', message: catalogues.de.lesson_locked_in_no_package },
    });
    const view = await api(t, 'POST', `/api/navigator/lesson/view/${unsold.lessons[0]}/`, { token, body: { time: 5 } });
    expect(view.statusCode).toBe(403);
    expect(view.json()).toEqual({ code: 'in_no_package', detail: catalogues.de.lesson_locked_in_no_package });
    // The demo member (no package) is told the same.
    const demo = await api(t, 'GET', `/api/navigator/lesson/view/${unsold.lessons[1]}/`, { token: member });
    expect(demo.json().access).toMatchObject({ locked: true, reason: 'in_no_package' });

    // A package on sale includes it now: the member with a package may upgrade, the one without may subscribe.
    await sellPackage(t, [unsold.id]);
    const upgrade = await api(t, 'GET', `/api/navigator/lesson/view/${unsold.lessons[0]}/`, { token });
    expect(upgrade.json().access).toMatchObject({ locked: true, reason: 'package_required' });
    const listed = await api(t, 'POST', '/api/navigator/lesson/list/', {
      token: member,
      body: { category: unsold.id },
    });
    expect(listed.json().results.map((l: Json) => l.access.reason)).toEqual([
      'subscription_required',
      'subscription_required',
    ]);
  });

  it('admins open every lesson; an unknown or unpublished lesson is a 404 for members', async () => {
    const res = await api(t, 'GET', `/api/navigator/lesson/view/${paid.lessons[3]}/`, { token: admin });
    expect(res.json().access.locked).toBe(false);
    expect((await api(t, 'GET', '/api/navigator/lesson/view/999999/', { token: member })).statusCode).toBe(404);
    await t.pool.query('update lessons set is_published = false where id = $1', [free.lessons[2]]);
    expect((await api(t, 'GET', `/api/navigator/lesson/view/${free.lessons[2]}/`, { token: member })).statusCode).toBe(
      404,
    );
    expect((await api(t, 'GET', `/api/navigator/lesson/view/${free.lessons[2]}/`, { token: admin })).statusCode).toBe(
      200,
    );
    await t.pool.query('update lessons set is_published = true where id = $1', [free.lessons[2]]);
  });
});

describe('watch progress', () => {
  it('resumes where the member stopped and completes at 90% (never going back)', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const id = free.lessons[0]!;
    const first = await api(t, 'POST', `/api/navigator/lesson/view/${id}/`, { token, body: { time: 120 } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ position_seconds: 120, duration_seconds: 600, completed: false, percent: 20 });

    const page = await api(t, 'GET', `/api/navigator/lesson/view/${id}/`, { token });
    expect(page.json().progress).toMatchObject({
      position_seconds: 120,
      completed: false,
      percent: 20,
      updated_at: expect.any(String),
    });

    const done = await api(t, 'POST', `/api/navigator/lesson/view/${id}/`, { token, body: { time: 560 } });
    expect(done.json()).toMatchObject({ position_seconds: 560, completed: true, percent: 100 });
    const back = await api(t, 'POST', `/api/navigator/lesson/view/${id}/`, { token, body: { time: 30 } });
    expect(back.json()).toMatchObject({ position_seconds: 30, completed: true });

    const ended = await api(t, 'POST', `/api/navigator/lesson/view/${free.lessons[1]}/`, {
      token,
      body: { time: 10, duration: 700, completed: true },
    });
    expect(ended.json()).toMatchObject({ duration_seconds: 700, completed: true });

    const bad = await api(t, 'POST', `/api/navigator/lesson/view/${id}/`, { token, body: { time: -1 } });
    expect(bad.statusCode).toBe(400);
  });

  it('shows completion per category and on the dashboard', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    await api(t, 'POST', `/api/navigator/lesson/view/${free.lessons[0]}/`, {
      token,
      body: { time: 600, completed: true },
    });
    await api(t, 'POST', `/api/navigator/lesson/view/${free.lessons[1]}/`, { token, body: { time: 60 } });
    await api(t, 'POST', `/api/navigator/lesson/view/${paid.lessons[0]}/`, { token, body: { time: 30 } });

    const cats = (await api(t, 'GET', '/api/navigator/categories/list/', { token })).json<Json[]>();
    expect(cats.find((c) => c.id === free.id)).toMatchObject({ lessons_count: 3, completed_count: 1 });
    expect(cats.find((c) => c.id === paid.id)).toMatchObject({ lessons_count: 4, completed_count: 0 });

    const list = await api(t, 'POST', '/api/navigator/lesson/list/', {
      token,
      body: { category: free.id, completed: true },
    });
    expect(list.json().results.map((l: Json) => l.id)).toEqual([free.lessons[0]]);
    expect(list.json().category).toMatchObject({ completed_count: 1 });

    const dash = await api(t, 'GET', '/api/navigator/lessons/dashboard/', { token });
    expect(dash.statusCode).toBe(200);
    const body = dash.json();
    // Most recently watched first; completed lessons are not "to continue".
    expect(body.in_progress.map((l: Json) => l.id)).toEqual([paid.lessons[0], free.lessons[1]]);
    expect(body.latest).toHaveLength(6);
    expect(body.latest.map((l: Json) => l.id)).not.toContain(free.lessons[0]);
    expect(body.completed_count).toBe(1);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from lessons where is_published and published_at <= now()`,
    );
    expect(body.total_count).toBe(rows[0].n);
  });
});

describe('briefs written by PostgreSQL', () => {
  // The list and the dashboard have PostgreSQL write their lesson briefs; the lesson page builds its
  // brief in JavaScript. Both must give the same object for every state of access and progress.
  const BRIEF_KEYS = [
    'id',
    'title',
    'short_description',
    'category',
    'preview',
    'duration_seconds',
    'order',
    'access',
    'progress',
    'comments_count',
    'published_at',
  ];
  const briefOf = (lesson: Json) => Object.fromEntries(BRIEF_KEYS.map((k) => [k, lesson[k]]));

  it('the list and the dashboard give each lesson the brief of its page', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const watch = (id: number, body: Json) => api(t, 'POST', `/api/navigator/lesson/view/${id}/`, { token, body });
    await watch(free.lessons[0]!, { time: 333, duration: 1000 });
    await watch(free.lessons[1]!, { time: 60 });
    // A row from before the player reported lengths: no duration of its own, past the lesson's end.
    const id = await userId(t, m.email);
    await t.pool.query(
      'update lesson_progress set duration_seconds = 0, position_seconds = 5000 where user_id = $1 and lesson_id = $2',
      [id, free.lessons[1]],
    );
    await watch(free.lessons[2]!, { time: 600, completed: true });
    await watch(paid.lessons[0]!, { time: 7 });
    const other = await makeCategory(t, 'Granted', 2, 0);
    await grantPackage(t, id, [other.id]);
    expect(
      (await api(t, 'POST', `/api/navigator/comments/`, { token, body: { lesson: other.lessons[0], text: 'Counted' } }))
        .statusCode,
    ).toBe(201);

    for (const caller of [token, admin]) {
      const pageOfLesson = async (id: number) =>
        briefOf((await api(t, 'GET', `/api/navigator/lesson/view/${id}/`, { token: caller })).json());
      const lists = await Promise.all(
        [free.id, paid.id, other.id].map(
          async (category) =>
            (await api(t, 'POST', '/api/navigator/lesson/list/', { token: caller, body: { category } })).json()
              .results as Json[],
        ),
      );
      const dash = (await api(t, 'GET', '/api/navigator/lessons/dashboard/', { token: caller })).json();
      const seen = [...lists.flat(), ...dash.in_progress, ...dash.latest] as Json[];
      expect(seen.length).toBeGreaterThan(9);
      for (const brief of seen) expect(briefOf(brief)).toEqual(await pageOfLesson(brief.id));
    }
    const mine = (await api(t, 'POST', '/api/navigator/lesson/list/', { token, body: { category: free.id } })).json()
      .results as Json[];
    expect(mine.map((l) => l.progress?.percent)).toEqual([33, 100, 100]);
  });
});

describe('comments', () => {
  it('adds, lists newest first with author and time, and keeps other members from deleting', async () => {
    const lesson = free.lessons[0]!;
    const a = await makeMember(t);
    const b = await makeMember(t);
    const [ta, tb] = [await t.login(a.email, a.password), await t.login(b.email, b.password)];
    const first = await api(t, 'POST', '/api/navigator/comments/', { token: ta, body: { lesson, text: '  First!  ' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      lesson,
      text: 'First!',
      is_hidden: false,
      author: { id: a.id, first_name: 'Test', last_name: 'Member' },
    });
    expect(first.json().author.email).toBeUndefined();
    const second = await api(t, 'POST', '/api/navigator/comments/', { token: tb, body: { lesson, text: 'Second' } });
    const general = await api(t, 'POST', '/api/navigator/comments/', { token: tb, body: { text: 'No lesson' } });
    expect(general.json().lesson).toBeNull();

    const list = await api(t, 'GET', `/api/navigator/comments/?lesson=${lesson}`, { token: member });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, total_count: 2 });
    expect(list.json().results.map((c: Json) => c.text)).toEqual(['Second', 'First!']);
    expect(list.json().results[0].created_at).toEqual(expect.any(String));
    const oldest = await api(t, 'GET', `/api/navigator/comments/?lesson=${lesson}&ordering=created_at`, {
      token: member,
    });
    expect(oldest.json().results.map((c: Json) => c.text)).toEqual(['First!', 'Second']);
    // The list (written by PostgreSQL) and one comment (built in JavaScript) give the same object.
    for (const c of list.json().results as Json[])
      expect(c).toEqual((await api(t, 'GET', `/api/navigator/comments/${c.id}/`, { token: member })).json());
    await t.pool.query('update lesson_comments set updated_at = now() where id = $1', [first.json().id]);
    const edited = (await api(t, 'GET', `/api/navigator/comments/?lesson=${lesson}`, { token: member })).json()
      .results[1];
    expect(edited.updated_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));
    expect(edited).toEqual((await api(t, 'GET', `/api/navigator/comments/${edited.id}/`, { token: member })).json());

    const lessonList = await api(t, 'POST', '/api/navigator/lesson/list/', {
      token: member,
      body: { category: free.id },
    });
    expect(lessonList.json().results[0].comments_count).toBe(2);

    expect((await api(t, 'GET', `/api/navigator/comments/${second.json().id}/`, { token: ta })).json().text).toBe(
      'Second',
    );

    const foreign = await api(t, 'DELETE', `/api/navigator/comments/${second.json().id}/`, { token: ta });
    expect(foreign.statusCode).toBe(403);
    const own = await api(t, 'DELETE', `/api/navigator/comments/${first.json().id}/`, { token: ta });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ detail: 'Deleted successfully' });
    expect((await api(t, 'GET', `/api/navigator/comments/${first.json().id}/`, { token: ta })).statusCode).toBe(404);
    const byAdmin = await api(t, 'DELETE', `/api/navigator/comments/${general.json().id}/`, { token: admin });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('admins hide a comment: gone for others, still there for its author and admins', async () => {
    const lesson = free.lessons[1]!;
    const a = await makeMember(t);
    const ta = await t.login(a.email, a.password);
    const c = (await api(t, 'POST', '/api/navigator/comments/', { token: ta, body: { lesson, text: 'Spam?' } })).json();
    expect(
      (
        await api(t, 'POST', `/api/navigator/comments/${c.id}/moderation/`, {
          token: member,
          body: { is_hidden: true },
        })
      ).statusCode,
    ).toBe(403);
    const hidden = await api(t, 'POST', `/api/navigator/comments/${c.id}/moderation/`, {
      token: admin,
      body: { is_hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().is_hidden).toBe(true);

    const texts = async (token: string) =>
      ((await api(t, 'GET', `/api/navigator/comments/?lesson=${lesson}`, { token })).json().results as Json[]).map(
        (x) => x.text,
      );
    expect(await texts(member)).not.toContain('Spam?');
    expect(await texts(ta)).toContain('Spam?');
    expect(await texts(admin)).toContain('Spam?');
    expect((await api(t, 'GET', `/api/navigator/comments/${c.id}/`, { token: member })).statusCode).toBe(404);
    expect((await api(t, 'DELETE', `/api/navigator/comments/${c.id}/`, { token: member })).statusCode).toBe(404);

    await api(t, 'POST', `/api/navigator/comments/${c.id}/moderation/`, { token: admin, body: { is_hidden: false } });
    expect(await texts(member)).toContain('Spam?');
  });

  it('a locked lesson cannot be commented or its comments read (403); bad input is a 400', async () => {
    const locked = paid.lessons[2]!;
    const add = await api(t, 'POST', '/api/navigator/comments/', {
      token: member,
      body: { lesson: locked, text: 'Let me in' },
    });
    expect(add.statusCode).toBe(403);
    expect((await api(t, 'GET', `/api/navigator/comments/?lesson=${locked}`, { token: member })).statusCode).toBe(403);
    const blank = await api(t, 'POST', '/api/navigator/comments/', { token: member, body: { text: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: [catalogues.ru.field_empty] });
    const unknown = await api(t, 'POST', '/api/navigator/comments/', {
      token: member,
      body: { text: 'x', lesson: 999999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['lesson']);
  });
});

describe('the demo content', () => {
  it('is seeded once: the demo member does not have the Pro package', async () => {
    const { rows } = await t.pool.query(
      `select count(*)::int as n from lessons l join lesson_categories c on c.id = l.category_id where c.title = 'Pro: leadership'`,
    );
    expect(rows[0].n).toBe(2);
    const memberId = await userId(t, 'member@demo.atrium');
    const { rows: pk } = await t.pool.query('select 1 from user_packages where user_id = $1', [memberId]);
    expect(pk).toHaveLength(0);
  });
});
