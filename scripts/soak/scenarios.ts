/**
 * The six soak scenarios. Each runs the mixed workload, injects its fault at a fixed moment, judges
 * every answer with its policy (only its own fault, inside its window, may fail, and only cleanly)
 * and then reads everything back (verify.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { FREE_FAILURES } from '../../src/server/services/login-throttle';
import { fillDisk, RoundRobinProxy, Server, sleep, type Cluster } from './infra';
import { checkImport, importState, startImport, type StartedImport } from './imports';
import { multipart, request, runClients, Stats, strict, type Outcome, type Policy, type Reply } from './load';
import type { TestStore } from './s3';
import { partFiles, verifyLedger } from './verify';
import { DEFAULT_MIX, noisePng, type Workload } from './workload';
import { must } from '../must';

export type Soak = {
  cluster: Cluster;
  server: Server;
  /** A second process for the two-process scenario (same database and data dir). */
  second: Server;
  proxyPort: number;
  workload: Workload;
  db: pg.Pool;
  dataDir: string;
  uploadsDir: string;
  /** Why the tmpfs could not be mounted (null when it is). */
  tmpfsError: string | null;
  clients: number;
  steadySeconds: number;
  faultSeconds: number;
};

export type Result = {
  name: string;
  stats: Stats;
  problems: string[];
  notes: string[];
  /** The scenario could not be set up (reported as failed, never as passed). */
  setupFailed?: string;
};

const codeOf = (r: Reply | undefined): string | undefined => {
  try {
    return (r?.json() as { code?: string } | undefined)?.code;
  } catch {
    return undefined;
  }
};

const within = (o: Outcome, w: { from: number; to: number }) => w.from > 0 && o.at >= w.from && o.at <= w.to;

async function common(s: Soak, servers: Server[], stats: Stats, problems: string[], store?: TestStore) {
  for (const srv of servers) {
    const crash = srv.takeCrash();
    if (crash) problems.push(crash);
  }
  if (stats.errors)
    problems.push(
      `${stats.errors} unexpected error(s): ${[...stats.errorKinds]
        .slice(0, 6)
        .map(([k, n]) => `${n}× ${k}`)
        .join('; ')}`,
    );
  problems.push(...(await verifyLedger(s.db, s.workload.ledger, s.uploadsDir, store)));
}

/** 1. The workload at full concurrency: nothing may fail. */
export async function steady(s: Soak): Promise<Result> {
  const stats = new Stats(strict);
  await runClients(s.workload.clients(s.clients), stats, sleep(s.steadySeconds * 1000));
  const problems: string[] = [];
  await common(s, [s.server], stats, problems);
  const ledger = s.workload.ledger;
  return {
    name: 'steady',
    stats,
    problems,
    notes: [
      `${s.clients} clients for ${s.steadySeconds} s, ${(stats.requests / s.steadySeconds).toFixed(0)} req/s; ${ledger.acked('contacts')} contacts and ${ledger.acked('tasks')} tasks acknowledged so far`,
      `slowest calls (p50/p99): ${stats.slowest(5)}`,
    ],
  };
}

/** An outage's policy: the wanted answers, or a clean 503 while the database is down (inside `win`). */
function outagePolicy(win: { from: number; to: number }): Policy {
  return (o, wanted) => {
    if (o.reply && wanted.includes(o.reply.status)) return 'ok';
    if (within(o, win) && o.reply?.status === 503 && codeOf(o.reply) === 'service_unavailable') return 'expected';
    return 'error';
  };
}

/** 2. PostgreSQL stopped (fast shutdown) and started again under load: clean 503s, then recovery without a restart. */
export async function pgRestart(s: Soak, outageSeconds: number, recoverySeconds: number): Promise<Result> {
  const win = { from: 0, to: Infinity };
  const policy = outagePolicy(win);
  const stats = new Stats(policy);
  const pid = s.server.pid;
  let back = 0;
  const fault = async () => {
    await sleep(Math.min(8, s.faultSeconds / 4) * 1000);
    win.from = Date.now();
    await s.cluster.stop();
    await sleep(outageSeconds * 1000);
    await s.cluster.start();
    back = Date.now();
    win.to = back + recoverySeconds * 1000;
    await sleep(Math.max(recoverySeconds + 5, s.faultSeconds - outageSeconds - 8) * 1000);
  };
  await runClients(s.workload.clients(s.clients), stats, fault());
  const problems: string[] = [];
  if (s.server.pid !== pid) problems.push('the server process was replaced');
  const firstOk = stats.okTimes.find((t) => t > back);
  if (!stats.expected) problems.push('no request saw the outage (no 503): the fault did not take');
  if (!firstOk) problems.push('no request succeeded after PostgreSQL came back');
  else if (firstOk - back > recoverySeconds * 1000)
    problems.push(`the first success came ${((firstOk - back) / 1000).toFixed(1)} s after PostgreSQL was back`);
  // Background jobs recovered too: an import started now must run to the end in this same process.
  const imp = await startImport(
    s.db,
    s.workload.admin.token,
    300,
    `after-restart-${s.workload.ledger.run}.soak.test`,
    s.server.base,
  );
  problems.push(...(await checkImport(s.db, imp, 60_000)));
  await common(s, [s.server], stats, problems);
  return {
    name: 'pg-restart',
    stats,
    problems,
    notes: [
      `PostgreSQL down ${outageSeconds} s; ${stats.expected} clean 503s; first success ${firstOk ? ((firstOk - back) / 1000).toFixed(2) : '-'} s after it was back; last 503 ${stats.lastExpectedAt ? ((stats.lastExpectedAt - back) / 1000).toFixed(2) : '-'} s after; same server pid; a job (300-row import) ran after it`,
    ],
  };
}

const TRANSPORT = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ENET', 'ERESPONSE']);

/** 3. SIGKILL of the server during writes and an import, then a restart: every acknowledged write survives once. */
export async function sigkill(s: Soak, importRows: number): Promise<Result> {
  const win = { from: 0, to: Infinity };
  const policy: Policy = (o, wanted) => {
    if (o.reply && wanted.includes(o.reply.status)) return 'ok';
    if (within(o, win) && o.failure && TRANSPORT.has(o.failure.code)) return 'expected';
    return 'error';
  };
  const stats = new Stats(policy);
  const notes: string[] = [];
  const problems: string[] = [];
  const unanswered = () => [...s.workload.ledger.contacts.values()].filter((e) => e.state === 'unacked').length;
  const unansweredBefore = unanswered();
  let partsAtKill = 0;
  let imp: StartedImport | undefined;
  const fault = async () => {
    await sleep(Math.min(8, s.faultSeconds / 4) * 1000);
    // An upload the server is in the middle of writing when it dies: half the body sent, the rest held back.
    const cut = await halfUpload(s.workload.base, s.workload.admin.token);
    // Up to 15 s for it to reach the disk: under the full load on a busy host, a call can wait seconds.
    for (let i = 0; i < 150 && !partFiles(s.uploadsDir).length; i++) await sleep(100);
    // The import takes a few seconds on a fast host: it starts only now, and the kill waits until
    // its first batch is committed (the cursor is past the header line), so that the kill lands inside it.
    imp = await startImport(
      s.db,
      s.workload.admin.token,
      importRows,
      `killed-${s.workload.ledger.run}.soak.test`,
      s.server.base,
    );
    let before = await importState(s.db, imp.id);
    for (
      const until = Date.now() + 60_000;
      Date.now() < until;
      await sleep(20), before = await importState(s.db, imp.id)
    ) {
      if ((before.status === 'running' && before.cursor > 1) || before.status === 'completed') break;
    }
    if (before.status === 'completed') problems.push('the import had finished before the kill: the fault did not take');
    const pending = [...s.workload.ledger.contacts.values()].filter((e) => e.state === 'pending').length;
    win.from = Date.now();
    partsAtKill = partFiles(s.uploadsDir).length;
    await s.server.kill();
    cut.destroy();
    const downMs = await s.server.start();
    win.to = Date.now() + 2000;
    notes.push(
      `SIGKILL with ${pending} contact writes in flight and the import at row ${before.cursor} of ${imp.total} (${before.status}); back in ${(downMs / 1000).toFixed(1)} s`,
    );
    await sleep(Math.max(8, s.faultSeconds - 10) * 1000);
  };
  await runClients(s.workload.clients(s.clients), stats, fault());
  if (!stats.expected) problems.push('no request saw the kill: the fault did not take');
  if (!imp) throw new Error('the import was not started');
  problems.push(...(await checkImport(s.db, imp, 300_000)));
  // A file the killed process was writing is in its incoming folder; the others sweep it once its lock is stale.
  let parts = partFiles(s.uploadsDir);
  for (const until = Date.now() + 90_000; parts.length && Date.now() < until; parts = partFiles(s.uploadsDir))
    await sleep(1000);
  if (!partsAtKill) problems.push('no upload was half-written at the kill: the fault did not take');
  else if (!parts.length)
    notes.push(
      `${partsAtKill} upload(s) half-written at the kill; the partial file was swept (gone ${((Date.now() - win.from) / 1000).toFixed(0)} s after the kill at the latest)`,
    );
  await common(s, [s.server], stats, problems);
  notes.push(
    `${stats.expected} requests cut by the kill; ${unanswered() - unansweredBefore} contact writes without an answer (each found at most once, whole); the ${imp.valid}-user import completed exactly once`,
  );
  return { name: 'sigkill', stats, problems, notes };
}

/** Sends the first half of a 1 MB image upload and holds the rest; returns the open request. */
async function halfUpload(base: string, token: string): Promise<http.ClientRequest> {
  const body = multipart([{ name: 'file', filename: 'big.png', type: 'image/png', data: await noisePng(600) }]);
  const url = new URL('/api/admin/uploads?kind=image', base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method: 'POST',
    headers: {
      authorization: `JWT ${token}`,
      'content-type': `multipart/form-data; boundary=${body.boundary}`,
      'content-length': String(body.body.length),
    },
  });
  req.on('error', () => {});
  req.write(body.body.subarray(0, body.body.length >> 1));
  return req;
}

/** 4. The uploads disk fills up under load: uploads answer 507, nothing partial is left, and it works again once freed. */
export async function diskFull(s: Soak): Promise<Result> {
  const stats = new Stats(strict);
  if (s.tmpfsError) {
    return {
      name: 'disk-full',
      stats,
      problems: [],
      notes: [],
      setupFailed: `could not mount a tmpfs on the data dir: ${s.tmpfsError}`,
    };
  }
  const win = { from: 0, to: Infinity };
  stats.policy = (o, wanted) => {
    if (o.reply && wanted.includes(o.reply.status)) return 'ok';
    if (o.upload && within(o, win) && o.reply?.status === 507 && codeOf(o.reply) === 'insufficient_storage')
      return 'expected';
    return 'error';
  };
  const filler = path.join(s.dataDir, 'filler.bin');
  let freed = 0;
  let filled = 0;
  s.workload.mix = { memberUploads: 0.06, adminUploads: 0.5 };
  const fault = async () => {
    await sleep(Math.min(5, s.faultSeconds / 5) * 1000);
    win.from = Date.now();
    filled = await fillDisk(filler);
    await sleep(Math.max(6, s.faultSeconds / 3) * 1000);
    fs.rmSync(filler, { force: true });
    freed = Date.now();
    win.to = freed + 1000;
    await sleep(Math.max(6, s.faultSeconds / 3) * 1000);
  };
  await runClients(s.workload.clients(s.clients), stats, fault());
  s.workload.mix = { ...DEFAULT_MIX };
  fs.rmSync(filler, { force: true });
  const problems: string[] = [];
  const fullAnswers = [...stats.expectedKinds.values()].reduce((a, b) => a + b, 0);
  if (!fullAnswers) problems.push('no upload met the full disk (no 507): the fault did not take');
  // Uploads work again once there is room.
  const probe = await request(s.workload.base, 'POST', '/api/admin/uploads?kind=image', {
    token: s.workload.admin.token,
    multipart: multipart([{ name: 'file', filename: 'after.png', type: 'image/png', data: await noisePng(32) }]),
  });
  if (probe.status !== 201) problems.push(`an upload after freeing the disk answered ${probe.status}`);
  else s.workload.ledger.uploads.push(probe.json() as { url: string; size: number });
  const parts = partFiles(s.uploadsDir);
  if (parts.length) problems.push(`${parts.length} partial files left`);
  await common(s, [s.server], stats, problems);
  return {
    name: 'disk-full',
    stats,
    problems,
    notes: [
      `tmpfs filled with ${(filled / 2 ** 20).toFixed(0)} MB for ${((freed - win.from) / 1000).toFixed(0)} s; ${fullAnswers} uploads answered 507 insufficient_storage meanwhile`,
    ],
  };
}

/** Where each answer was that did not get through the proxy whole: sent on at once and not begun is the server's. */
function proxyHeld(proxy: RoundRobinProxy): string[] {
  const held = proxy.unfinished;
  return held.length ? [`${held.length} answer(s) not through the proxy: ${held.slice(0, 6).join('; ')}`] : [];
}

/** 5. Two server processes on one database behind a round-robin proxy: sessions, rate limits and jobs hold across both. */
export async function twoProcesses(s: Soak): Promise<Result> {
  const stats = new Stats(strict);
  const problems: string[] = [];
  const notes: string[] = [];
  const startMs = await s.second.start();
  const proxy = new RoundRobinProxy([s.server.opts.port, s.second.opts.port], s.proxyPort);
  await proxy.listen();
  const via = `http://127.0.0.1:${s.proxyPort}`;
  const direct = s.workload.base;
  try {
    // A session opened through one process works on the other, and ends on both.
    const member = must(s.workload.members[1]);
    const login = await request(via, 'POST', '/api/accounts/login/', {
      form: { username: member.email, password: DEMO_PASSWORD },
    });
    const token = (login.json() as { token?: string }).token;
    const me = [];
    for (let i = 0; i < 4; i++) me.push((await request(via, 'GET', '/api/accounts/me/', { token })).status);
    const logout = await request(via, 'POST', '/api/accounts/logout/', { token });
    const after = [];
    for (let i = 0; i < 4; i++) after.push((await request(via, 'GET', '/api/accounts/me/', { token })).status);
    if (login.status !== 200 || me.some((x) => x !== 200) || logout.status !== 200 || after.some((x) => x !== 401)) {
      problems.push(
        `session across processes: login ${login.status}, me ${me.join(',')}, logout ${logout.status}, me after ${after.join(',')}`,
      );
    }
    // The login wait of one account and address (5 wrong passwords, then a growing wait) counts the attempts of both processes.
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push(
        (
          await request(via, 'POST', '/api/accounts/login/', {
            form: { username: `soak-ratelimit-${s.workload.ledger.run}@soak.test`, password: `guess-${i}` },
          })
        ).status,
      );
    }
    const wantLimit = [...Array<number>(FREE_FAILURES).fill(400), ...Array<number>(14 - FREE_FAILURES).fill(429)];
    if (JSON.stringify(statuses) !== JSON.stringify(wantLimit))
      problems.push(`login limit across processes: ${statuses.join(',')}`);
    // A job enqueued through one process is run (by either) to the end.
    const imp = await startImport(
      s.db,
      s.workload.admin.token,
      500,
      `two-${s.workload.ledger.run}.soak.test`,
      `http://127.0.0.1:${s.server.opts.port}`,
      `http://127.0.0.1:${s.second.opts.port}`,
    );

    s.workload.base = via;
    await runClients(s.workload.clients(s.clients), stats, sleep(s.faultSeconds * 1000));
    problems.push(...(await checkImport(s.db, imp, 120_000)));
    notes.push(
      `second process up in ${(startMs / 1000).toFixed(1)} s; the proxy spread ${proxy.served.join(' / ')} requests; a session opened through the proxy: /me ${me.join(',')}, logout ${logout.status}, /me after ${after.join(',')}; 14 wrong logins for one account: ${statuses.join(',')}; a 500-row import saved on one process and started on the other`,
    );
  } finally {
    s.workload.base = direct;
    await proxy.close();
  }
  notes.push(...proxyHeld(proxy));
  await common(s, [s.server, s.second], stats, problems);
  await s.second.stop();
  if (Math.min(...proxy.served) < proxy.served.reduce((a, b) => a + b, 0) / 4)
    problems.push(`the proxy did not spread the load: ${proxy.served.join(' / ')}`);
  return { name: 'two-processes', stats, problems, notes };
}

/**
 * 6. The embedded PostgreSQL's postmaster SIGKILLed under load (a server running without
 * DATABASE_URL, `s.server` here): its supervisor restarts the database in the same server process,
 * requests meanwhile get clean 503s, and every acknowledged write is there afterwards.
 */
export async function dbKill(s: Soak, recoverySeconds: number, restartTimeoutSeconds: number): Promise<Result> {
  const win = { from: 0, to: Infinity };
  const policy = outagePolicy(win);
  const stats = new Stats(policy);
  const problems: string[] = [];
  const pid = s.server.pid;
  const pidFile = path.join(s.dataDir, 'pg', 'postmaster.pid');
  const postmaster = () => Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  let killed = 0;
  let back = 0;
  const health = async () => {
    try {
      const res = await fetch(`${s.server.base}/healthz`, { signal: AbortSignal.timeout(2000) });
      return ((await res.json()) as { database?: string }).database;
    } catch {
      return undefined;
    }
  };
  const states = new Set<string>();
  const fault = async () => {
    await sleep(Math.min(8, s.faultSeconds / 4) * 1000);
    killed = postmaster();
    win.from = Date.now();
    process.kill(killed, 'SIGKILL');
    // Back when /healthz says the database is up again (it says "restarting" meanwhile).
    for (const until = Date.now() + (restartTimeoutSeconds + 30) * 1000; Date.now() < until;) {
      const state = await health();
      if (state) states.add(state);
      if (state === 'up' && postmaster() !== killed) break;
      await sleep(100);
    }
    back = Date.now();
    win.to = back + recoverySeconds * 1000;
    await sleep(Math.max(recoverySeconds + 5, s.faultSeconds - 8) * 1000);
  };
  await runClients(s.workload.clients(s.clients), stats, fault());
  if (s.server.pid !== pid) problems.push('the server process was replaced: it did not restart its database itself');
  const restarted = postmaster();
  if (restarted === killed) problems.push('the postmaster was not restarted');
  if (!states.has('restarting'))
    problems.push(`/healthz never said the database was restarting (it said: ${[...states].join(', ') || 'nothing'})`);
  const firstOk = stats.okTimes.find((t) => t > back);
  if (!stats.expected) problems.push('no request saw the outage (no 503): the fault did not take');
  if (!firstOk) problems.push('no request succeeded after the database was restarted');
  else if (firstOk - back > recoverySeconds * 1000)
    problems.push(`the first success came ${((firstOk - back) / 1000).toFixed(1)} s after the database was back`);
  // Background jobs recovered too: an import started now must run to the end in this same process.
  const imp = await startImport(
    s.db,
    s.workload.admin.token,
    300,
    `after-db-kill-${s.workload.ledger.run}.soak.test`,
    s.server.base,
  );
  problems.push(...(await checkImport(s.db, imp, 60_000)));
  await common(s, [s.server], stats, problems);
  return {
    name: 'db-kill',
    stats,
    problems,
    notes: [
      `postmaster pid ${killed} SIGKILLed; the server restarted it (pid ${restarted}) and said so on /healthz within ${((back - win.from) / 1000).toFixed(1)} s; ${stats.expected} clean 503s, the last ${stats.lastExpectedAt ? ((stats.lastExpectedAt - win.from) / 1000).toFixed(2) : '-'} s after the kill; same server pid; a job (300-row import) ran after it`,
    ],
  };
}

/** Checks made once through the two machines: each returns its problem, or null. */
async function acrossMachines(s: Soak, a: Server, b: Server): Promise<{ problems: string[]; notes: string[] }> {
  const problems: string[] = [];
  const login = async (server: Server, email: string) => {
    const res = await request(server.base, 'POST', '/api/accounts/login/', {
      form: { username: email, password: DEMO_PASSWORD },
    });
    return must((res.json() as { token?: string }).token, `login of ${email} through ${server.opts.name}`);
  };
  // An avatar uploaded through one machine is served by the other, by a member of its own: the
  // workload's have spent their avatar limit (10 in 10 minutes) in the scenarios before this one.
  const { token } = await s.workload.outsider(s.db, 'avatar', a.base);
  const photo = await noisePng(32);
  const set = await request(a.base, 'POST', '/api/accounts/me/', {
    token,
    multipart: multipart([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: photo }]),
  });
  const avatar = (set.json() as { user?: { avatar?: string } }).user?.avatar ?? '';
  const there = await request(b.base, 'GET', avatar);
  if (set.status !== 200 || there.status !== 200 || there.headers['content-type'] !== 'image/webp')
    problems.push(`avatar through A, served by B: upload ${set.status}, GET ${there.status}`);
  // A video uploaded through one is read with Range through either, by the link either signs.
  const video = Buffer.alloc(2 * 1024 * 1024, 3);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]).copy(video);
  video.write('soak-range', 1_500_000, 'latin1');
  const up = await request(b.base, 'POST', '/api/admin/uploads?kind=video', {
    token: s.workload.admin.token,
    multipart: multipart([{ name: 'file', filename: 'lesson.mp4', type: 'video/mp4', data: video }]),
  });
  const url = (up.json() as { url?: string }).url ?? '';
  const lesson = (await s.db.query<{ id: number }>('select id from lessons order by id limit 1')).rows[0]?.id ?? 0;
  await s.db.query('update lessons set video_file = $1 where id = $2', [url, lesson]);
  const ranges: number[] = [];
  for (const [signer, reader] of [
    [a, b],
    [b, a],
  ] as const) {
    const view = await request(signer.base, 'GET', `/api/navigator/lesson/view/${lesson}/`, {
      token: s.workload.admin.token,
    });
    const link = (view.json() as { video_url?: string }).video_url ?? '';
    const part = await fetch(`${reader.base}${link}`, { headers: { range: 'bytes=1500000-1500009' } });
    ranges.push(part.status);
    if (part.status !== 206 || (await part.text()) !== 'soak-range')
      problems.push(
        `video uploaded through B, signed by ${signer.opts.name}, read through ${reader.opts.name}: ${part.status}`,
      );
  }
  // A logout through one machine ends the session on the other (whose session cache held it).
  const other = must(s.workload.members[3]);
  const session = await login(a, other.email);
  const before = (await request(b.base, 'GET', '/api/accounts/me/', { token: session })).status;
  const logout = (await request(a.base, 'POST', '/api/accounts/logout/', { token: session })).status;
  // Heard through LISTEN within milliseconds: asked again for up to 2 s.
  let after = 0;
  const until = Date.now() + 2_000;
  for (;;) {
    after = (await request(b.base, 'GET', '/api/accounts/me/', { token: session })).status;
    if (after === 401 || Date.now() > until) break;
    await sleep(25);
  }
  if (before !== 200 || logout !== 200 || after !== 401)
    problems.push(`logout through A seen by B: me ${before}, logout ${logout}, me after ${after}`);
  return {
    problems,
    notes: [
      `avatar through A served by B ${there.status}; a ${video.length}-byte video uploaded through B read with Range: ${ranges.join(', ')}; /me on B ${before} → logout on A ${logout} → /me on B ${after}`,
    ],
  };
}

/**
 * 7. Two machines: two server processes with data dirs of their own, as on two hosts, on the one
 * PostgreSQL and one S3 store (s3rver, STORAGE_URL=s3://…), behind the round-robin proxy under the
 * workload (its avatar and file uploads go to the store). A file uploaded through one is served by
 * the other, a video is read with Range through either, a logout crosses, an import saved on one and
 * started on the other runs once, and every acknowledged upload is whole in the store.
 */
export async function twoMachines(s: Soak, machines: readonly [Server, Server], store: TestStore): Promise<Result> {
  const stats = new Stats(strict);
  const problems: string[] = [];
  const notes: string[] = [];
  const [a, b] = machines;
  // The soak's own server keeps its uploads on disk: on the same database it would take the machines'
  // jobs (an import whose file is in the store) — the settings that must match (docs/operations.md).
  // It stops for the scenario; the runner starts it again after.
  await s.server.stop();
  const startMs = Math.max(...(await Promise.all([a.start(), b.start()])));
  const proxy = new RoundRobinProxy([a.opts.port, b.opts.port], s.proxyPort);
  await proxy.listen();
  const direct = s.workload.base;
  try {
    const across = await acrossMachines(s, a, b);
    problems.push(...across.problems);
    notes.push(`machines up in ${(startMs / 1000).toFixed(1)} s`, ...across.notes);
    const imp = await startImport(
      s.db,
      s.workload.admin.token,
      500,
      `machines-${s.workload.ledger.run}.soak.test`,
      a.base,
      b.base,
    );
    s.workload.base = `http://127.0.0.1:${s.proxyPort}`;
    await runClients(s.workload.clients(s.clients), stats, sleep(s.faultSeconds * 1000));
    problems.push(...(await checkImport(s.db, imp, 120_000)));
    notes.push(`the proxy spread ${proxy.served.join(' / ')} requests; a 500-row import saved on A and started on B`);
  } finally {
    s.workload.base = direct;
    await proxy.close();
  }
  notes.push(...proxyHeld(proxy));
  await common(s, [a, b], stats, problems, store);
  await Promise.all([a.stop(), b.stop()]);
  return { name: 'two-machines', stats, problems, notes };
}
