/**
 * The mixed workload: members read their dashboard, lessons, news and contacts, create, read back and
 * delete contacts and upload avatars; the consultant lists tasks, reads statistics and the structure
 * and plans tasks; the admin reads content lists and uploads files. Every write the server
 * acknowledged goes into the ledger, which verify.ts checks against the database afterwards.
 */
import pg from 'pg';
import sharp from 'sharp';
import { hashPassword } from '../../src/server/auth/passwords';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { newPromoCode } from '../../src/server/services/users';
import { multipart, request, timed, type Client, type Stats } from './load';
import { must } from '../must';

export type Actor = {
  id: number;
  email: string;
  token: string;
  role: 'member' | 'consultant' | 'admin';
  categoryId?: number;
};

type ContactEntry = {
  owner: number;
  category: number;
  state: 'pending' | 'acked' | 'unacked';
  id?: number;
  deleted?: 'pending' | 'acked' | 'uncertain';
  /** Being read back: not deleted meanwhile, so the read can be judged strictly. */
  reading?: boolean;
};
/** A donation paid on the sandbox provider's checkout (which hands a signed event to the webhook receiver). */
type DonationEntry = { user: number; state: 'pending' | 'paid' | 'uncertain' };

type TaskEntry = { owner: number; linked: number; state: 'pending' | 'acked' | 'unacked'; id?: number };

/** What the server acknowledged (and what it may or may not have done, when the answer was lost). */
export class Ledger {
  readonly contacts = new Map<string, ContactEntry>();
  readonly tasks = new Map<string, TaskEntry>();
  /** Donations by payment id: `paid` once the checkout answered 200 to "pay". */
  readonly donations = new Map<number, DonationEntry>();
  /** Files the server answered 201/200 for: their URL and size. */
  readonly uploads: Array<{ url: string; size: number }> = [];
  /** The avatar URL of the last acknowledged avatar upload, per user. */
  readonly avatars = new Map<number, string>();
  /** Upload answers that were a clean "disk full" (507). */
  fullAnswers = 0;
  readbackMismatches: string[] = [];
  /** Problems already reported (by the scenario that found them), and donations already found broken. */
  readonly reported = new Set<string>();
  readonly brokenDonations = new Set<number>();
  private seq = 0;
  readonly run = Date.now().toString(36);

  marker(kind: string): string {
    return `soak-${this.run}-${kind}${++this.seq}`;
  }

  acked(kind: 'contacts' | 'tasks'): number {
    return [...this[kind].values()].filter((e) => e.state === 'acked').length;
  }
}

const MEMBER_READS: Array<[string, string, string, unknown?]> = [
  ['dashboard lessons', 'GET', '/api/navigator/lessons/dashboard/'],
  ['important news', 'GET', '/api/news/important/'],
  ['nearest events', 'GET', '/api/events/nearest/'],
  ['new book', 'GET', '/api/books/new/'],
  ['lesson list', 'POST', '/api/navigator/lesson/list/?page=1', { category: null }],
  ['contact list', 'GET', '/api/contacts/?page=1'],
  ['contact categories', 'GET', '/api/contacts/category'],
  ['me', 'GET', '/api/accounts/me/'],
  ['main menu', 'GET', '/api/menu/main/'],
  ['subscription', 'GET', '/api/subscription/info/'],
  ['my donations', 'GET', '/api/payments/donations/?page=1'],
  ['team children', 'GET', '/api/team/get_children/'],
];

const CONSULTANT_READS: Array<[string, string, string, unknown?]> = [
  ['task list today', 'POST', '/api/user_tasks/list/?tab=today', {}],
  ['task list future', 'POST', '/api/user_tasks/list/?tab=future', {}],
  ['statistics', 'POST', '/api/accounts/dashboard/statistics/', { period: 'month' }],
  ['structure', 'POST', '/api/team/get_my_structure_users/?page=1&page_size=25', {}],
  ['notifications', 'GET', '/api/notifications/'],
  ['users to link', 'GET', '/api/user_tasks/get_users_to_link/'],
  ['tag groups', 'GET', '/api/accounts/tags_groups/'],
];

const ADMIN_READS: Array<[string, string, string, unknown?]> = [
  ['admin lessons', 'GET', '/api/admin/lessons?range=%5B0%2C24%5D'],
  ['admin news', 'GET', '/api/admin/news?range=%5B0%2C24%5D'],
  ['staff statistics', 'POST', '/api/accounts/dashboard/staff_statistics/?page=1', { period: 'month' }],
  ['user imports', 'POST', '/api/accounts/import_users/list/?page=1', {}],
];

const pick = <T>(xs: readonly T[]): T => must(xs[Math.floor(Math.random() * xs.length)]);

/** A PNG of random pixels (it does not compress): `side`² × 3 bytes and a bit. */
export async function noisePng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export type Mix = {
  /** Share (0–1) of a member's actions that upload an avatar, and of the admin's that upload a file. */
  memberUploads: number;
  adminUploads: number;
};

export const DEFAULT_MIX: Mix = { memberUploads: 0.01, adminUploads: 0.15 };

export class Workload {
  base: string;
  mix: Mix = { ...DEFAULT_MIX };
  readonly ledger = new Ledger();
  members: Actor[] = [];
  consultant!: Actor;
  admin!: Actor;
  private cardMethod = 0;
  private consultantId = 0;
  private avatar!: Buffer;
  private adminFile!: Buffer;

  constructor(base: string) {
    this.base = base;
  }

  /** Soak members (the consultant invited and looks after them), logins, one contact category each. */
  async setup(db: pg.Pool, memberCount: number): Promise<void> {
    const { rows: staff } = await db.query<{ id: number; email: string; role: 'consultant' | 'admin' }>(
      `select id, email, role from users where email in ('consultant@demo.atrium', 'admin@demo.atrium')`,
    );
    this.consultantId = must(staff.find((s) => s.role === 'consultant')).id;
    const emails = Array.from({ length: memberCount }, (_, i) => `soak-member-${i + 1}@soak.test`);
    await this.insertMembers(db, emails);
    const login = (email: string) => this.login(email);
    this.consultant = await login('consultant@demo.atrium');
    this.admin = await login('admin@demo.atrium');
    this.members = [await login('member@demo.atrium')];
    for (const email of emails) this.members.push(await login(email));
    for (const m of this.members) {
      const r = await request(this.base, 'POST', '/api/contacts/category', {
        token: m.token,
        json: { name: `Soak ${this.ledger.run}`, is_particular: false },
      });
      if (r.status !== 201) throw new Error(`category for ${m.email}: ${r.status} ${r.body.toString()}`);
      m.categoryId = (r.json() as { id: number }).id;
    }
    const { rows: methods } = await db.query<{ id: number }>(
      `select id from payment_methods where code = 'card' and kind = 'online'`,
    );
    this.cardMethod = must(methods[0]).id;
    this.avatar = await noisePng(48);
    this.adminFile = await noisePng(96);
  }

  private async insertMembers(db: pg.Pool, emails: string[]): Promise<void> {
    const hash = await hashPassword(DEMO_PASSWORD);
    for (const email of emails) {
      await db.query(
        `insert into users (email, password_hash, first_name, last_name, email_activation, promo_code, language, referrer_id, responsible_id, lead_status, city, country, time_zone)
         values ($1, $2, 'Soak', 'Member', true, $3, 'en', $4, $4, 'active', 'Berlin', 'DE', 'Europe/Berlin') on conflict (email) do nothing`,
        [email, hash, newPromoCode(), this.consultantId],
      );
    }
  }

  private async login(email: string, base = this.base): Promise<Actor> {
    const r = await request(base, 'POST', '/api/accounts/login/', {
      form: { username: email, password: DEMO_PASSWORD },
    });
    if (r.status !== 200) throw new Error(`login as ${email}: ${r.status} ${r.body.toString()}`);
    const { token } = r.json() as { token: string };
    const me = (await request(base, 'GET', '/api/accounts/me/', { token })).json() as {
      id: number;
      role: Actor['role'];
    };
    return { id: me.id, email, token, role: me.role };
  }

  /**
   * A member the workload never acts as, logged in through `base`: a check of its own is then not
   * judged by the per-user limits (avatars: 10 in 10 minutes) the workload's members spent earlier.
   */
  async outsider(db: pg.Pool, name: string, base: string): Promise<Actor> {
    const email = `soak-${name}-${this.ledger.run}@soak.test`;
    await this.insertMembers(db, [email]);
    return this.login(email, base);
  }

  /** `n` clients: about 70 % members, 20 % the consultant, 10 % the admin. */
  clients(n: number): Client[] {
    const consultants = Math.max(1, Math.round(n * 0.2));
    const admins = Math.max(1, Math.round(n * 0.1));
    const members = Math.max(1, n - consultants - admins);
    return [
      ...Array.from({ length: members }, (_, i) => this.memberClient(must(this.members[i % this.members.length]))),
      ...Array.from({ length: consultants }, () => this.consultantClient()),
      ...Array.from({ length: admins }, () => this.adminClient()),
    ];
  }

  private read(stats: Stats, token: string, [name, method, path, body]: [string, string, string, unknown?]) {
    return timed(stats, name, [200], () =>
      request(this.base, method, path, { token, ...(body !== undefined && { json: body }) }),
    );
  }

  private memberClient(m: Actor): Client {
    return async ({ stats }) => {
      const r = Math.random();
      if (r < this.mix.memberUploads) return this.uploadAvatar(stats, m);
      // The demo member reads only: receipts are checked by their English text.
      if (r < 0.03 && m.email !== 'member@demo.atrium') return this.donate(stats, m);
      if (r < 0.12) return this.createContact(stats, m);
      if (r < 0.16) return this.deleteContact(stats, m);
      if (r < 0.24) return this.readContact(stats, m);
      await this.read(stats, m.token, pick(MEMBER_READS));
    };
  }

  private consultantClient(): Client {
    return async ({ stats }) => {
      if (Math.random() < 0.15) return this.createTask(stats);
      await this.read(stats, this.consultant.token, pick(CONSULTANT_READS));
    };
  }

  private adminClient(): Client {
    return async ({ stats }) => {
      if (Math.random() < this.mix.adminUploads) return this.uploadFile(stats);
      await this.read(stats, this.admin.token, pick(ADMIN_READS));
    };
  }

  private async createContact(stats: Stats, m: Actor) {
    const marker = this.ledger.marker('c');
    const entry: ContactEntry = { owner: m.id, category: must(m.categoryId), state: 'pending' };
    this.ledger.contacts.set(marker, entry);
    const reply = await timed(stats, 'create contact', [201], () =>
      request(this.base, 'POST', '/api/contacts/', {
        token: m.token,
        json: {
          first_name: marker,
          last_name: 'Soak',
          email: `${marker}@soak.test`,
          city: 'Berlin',
          categories: [m.categoryId],
        },
      }),
    );
    if (reply) {
      entry.state = 'acked';
      entry.id = (reply.json() as { id: number }).id;
    } else entry.state = 'unacked';
  }

  private ownContact(m: Actor): [string, ContactEntry] | undefined {
    const own = [...this.ledger.contacts.entries()].filter(
      ([, e]) => e.owner === m.id && e.state === 'acked' && !e.deleted && !e.reading,
    );
    return own.length ? pick(own) : undefined;
  }

  private async deleteContact(stats: Stats, m: Actor) {
    const found = this.ownContact(m);
    if (!found) return this.createContact(stats, m);
    const [, entry] = found;
    entry.deleted = 'pending';
    const reply = await timed(stats, 'delete contact', [200], () =>
      request(this.base, 'DELETE', `/api/contacts/${entry.id}/`, { token: m.token }),
    );
    entry.deleted = reply ? 'acked' : 'uncertain';
  }

  /** Reads an acknowledged contact back (through whichever server answers): it must be there, whole. */
  private async readContact(stats: Stats, m: Actor) {
    const found = this.ownContact(m);
    if (!found) return this.createContact(stats, m);
    const [marker, entry] = found;
    entry.reading = true;
    const reply = await timed(stats, 'read contact', [200], () =>
      request(this.base, 'GET', `/api/contacts/${entry.id}/`, { token: m.token }),
    );
    entry.reading = false;
    if (!reply) return;
    const c = reply.json() as { first_name: string; categories: number[] };
    if (c.first_name !== marker || !c.categories.includes(entry.category)) {
      this.ledger.readbackMismatches.push(`contact ${entry.id}: ${JSON.stringify(c)}`);
      stats.errors += 1;
    }
  }

  private async createTask(stats: Stats) {
    const marker = this.ledger.marker('t');
    const linked = pick(this.members).id;
    const entry: TaskEntry = { owner: this.consultant.id, linked, state: 'pending' };
    this.ledger.tasks.set(marker, entry);
    const reply = await timed(stats, 'create task', [201], () =>
      request(this.base, 'POST', '/api/user_tasks/create/', {
        token: this.consultant.token,
        json: {
          type: pick(['call', 'meet', 'message']),
          start_in: pick(['now', '15', '30', '60']),
          description: marker,
          linked_user_id: linked,
        },
      }),
    );
    if (reply) {
      entry.state = 'acked';
      entry.id = (reply.json() as { id: number }).id;
    } else entry.state = 'unacked';
  }

  /** Starts a donation and pays it on the sandbox checkout page (public, no session). */
  private async donate(stats: Stats, m: Actor) {
    const started = await timed(stats, 'start donation', [200], () =>
      request(this.base, 'POST', '/api/payments/donation/', {
        token: m.token,
        json: { amount: '5.00', payment_method: this.cardMethod },
      }),
    );
    if (!started) return;
    const { id, payment_url } = started.json() as { id: number; payment_url: string };
    const entry: DonationEntry = { user: m.id, state: 'pending' };
    this.ledger.donations.set(id, entry);
    // The URL names the server's public URL; go to the path on whichever server (or proxy) this run uses.
    const paid = await timed(stats, 'pay on checkout', [200], () =>
      request(this.base, 'POST', new URL(payment_url).pathname, { form: { action: 'pay' } }),
    );
    entry.state = paid ? 'paid' : 'uncertain';
  }

  private async uploadAvatar(stats: Stats, m: Actor) {
    const body = multipart([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: this.avatar }]);
    // Avatars are rate-limited per user (10 in 10 minutes): at the soak's pace most answers are that
    // limit's 429, a right answer too; the first ones of each member still write their file.
    const reply = await timed(
      stats,
      'upload avatar',
      [200, 429],
      () => request(this.base, 'POST', '/api/accounts/me/', { token: m.token, multipart: body }),
      { upload: true },
    );
    if (reply?.status === 200) {
      const { user } = reply.json() as { user: { avatar: string | null } };
      if (user.avatar) this.ledger.avatars.set(m.id, user.avatar);
    }
  }

  private async uploadFile(stats: Stats) {
    const body = multipart([{ name: 'file', filename: 'noise.png', type: 'image/png', data: this.adminFile }]);
    const reply = await timed(
      stats,
      'admin upload',
      [201],
      () => request(this.base, 'POST', '/api/admin/uploads?kind=image', { token: this.admin.token, multipart: body }),
      { upload: true },
    );
    if (reply) {
      const saved = reply.json() as { url: string; size: number };
      this.ledger.uploads.push({ url: saved.url, size: saved.size });
    }
  }
}
