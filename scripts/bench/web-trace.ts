/**
 * Where a cold page load's time goes, at the CPU slowed down 4× (issue 41): run by hand against a built
 * server that serves a sourcemap build (`npx vite build --sourcemap --outDir <dir>`, then the server with
 * WEB_DIST=<dir> SEED_DEMO=1), e.g.
 *   WEB_TRACE_BASE=http://127.0.0.1:19500 WEB_TRACE_DIST=<dir> npx tsx scripts/bench/web-trace.ts login dashboard tasks
 * For each page it records, in one cold load (new browser context), Chromium's CPU profile and its
 * timeline trace, and prints: the main thread's time by kind (script compile/evaluate, style
 * recalculation, layout, paint…), the script time per package (the profile's samples mapped through
 * the sourcemaps), compile and evaluation per chunk, and the request waterfall with each request's
 * depth (how many requests came before it in its initiator chain) up to the first data call.
 * WEB_TRACE_RUNS=n repeats each page and prints the medians of the phase totals; WEB_TRACE_QUIET=1
 * prints one line of totals per run instead of the breakdown (rendererCpuMs: the page's renderer process's
 * CPU until the page was ready, which the machine's load does not inflate as it does the times);
 * WEB_TRACE_RATE=1 loads without the CPU slow-down.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBenchBrowser, signedInState, type WebSession as Session } from './web-session';
import type { Browser, CDPSession } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/db/seed';

const BASE = process.env.WEB_TRACE_BASE ?? 'http://127.0.0.1:19500';
const DIST = process.env.WEB_TRACE_DIST ?? 'dist/web';
const RUNS = Number(process.env.WEB_TRACE_RUNS ?? 1);
const QUIET = Boolean(process.env.WEB_TRACE_QUIET);
const RATE = Number(process.env.WEB_TRACE_RATE ?? 4);

type Role = 'member' | 'consultant';
type Scenario = { path: string; role?: Role; done: string };

/** What each page waits for: the login's enabled field, the dashboard's and the tasks' first seeded text. */
const SCENARIOS: Record<string, Scenario> = {
  login: { path: '/login', done: 'input[name="username"]:not([disabled])' },
  dashboard: { path: '/dashboard', role: 'member', done: 'main h6, main .MuiCard-root' },
  tasks: { path: '/staff/tasks', role: 'consultant', done: 'text=Bench coffee' },
  lessons: { path: '/lessons', role: 'member', done: 'text=Getting started' },
};

async function apiLogin(role: Role): Promise<Session> {
  const res = await fetch(`${BASE}/api/accounts/login/`, {
    method: 'POST',
    body: new URLSearchParams({ username: `${role}@demo.atrium`, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${role}: ${res.status}`);
  return (await res.json()) as Session;
}

/** The staff task the tasks screen waits for, added once per server. */
async function seedTask(consultant: Session, member: Session) {
  const headers = { Authorization: `JWT ${consultant.token}`, 'Content-Type': 'application/json' };
  const list = await fetch(`${BASE}/api/user_tasks/list/?tab=today`, { method: 'POST', headers, body: '{}' });
  if ((await list.text()).includes('Bench coffee')) return;
  await fetch(`${BASE}/api/user_tasks/create/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'meet', start_in: '30', description: 'Bench coffee', linked_user_id: member.user.id }),
  });
}

/** The browser's renderer processes and the CPU seconds each has used (CDP SystemInfo). */
async function renderers(browser: Browser): Promise<{ id: number; cpuTime: number }[]> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  return processInfo.filter((p) => p.type === 'renderer');
}

type Req = { id: string; url: string; start: number; end?: number; initiator?: string; bytes: number; type: string };
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; fileName?: string } };
};
type ProfileNode = {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/** A sourcemap read just far enough to name each generated position's source file: per line, [column, source] pairs. */
type SourceLines = { sources: string[]; lines: [number, number][][] };
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function readMap(json: { sources: string[]; mappings: string }): SourceLines {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of json.mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      // Base64 VLQ: the generated column's delta, then the source index's delta (the rest is not needed).
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length > 1) {
        source += values[1] ?? 0;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return { sources: json.sources, lines };
}

const maps = new Map<string, SourceLines | null>();
function sourceAt(url: string, line: number, column: number): string {
  if (!maps.has(url)) {
    const file = path.join(DIST, new URL(url).pathname + '.map');
    maps.set(url, fs.existsSync(file) ? readMap(JSON.parse(fs.readFileSync(file, 'utf8')) as never) : null);
  }
  const map = maps.get(url);
  if (!map) return '';
  let found = -1;
  for (const [col, src] of map.lines[line] ?? []) {
    if (col > column) break;
    found = src;
  }
  return found >= 0 ? (map.sources[found] ?? '') : '';
}

/** A package (node_modules/<name>), or the app's folder (src/web/features/<area>, src/web/<dir>). */
function owner(url: string, line: number, column: number): string {
  if (!url) return '(native)';
  if (!url.includes('/assets/')) return url.startsWith('http') ? path.basename(new URL(url).pathname) : url;
  const source = sourceAt(url, line, column);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1] ?? source;
  const app = /src\/(web\/features\/[^/]+|web\/[^/]+|api)/.exec(source);
  return app?.[1] ?? (source || path.basename(url));
}

const ms = (us: number) => (us / 1000).toFixed(0);
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/** Self time per event name on the renderer's main thread (X events nested by their times). */
function mainThreadSelf(events: TraceEvent[]) {
  // The page's renderer: the navigation may swap processes, so the main thread with the most work.
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'RunTask') add(busy, `${String(e.pid)}:${String(e.tid)}`, e.dur ?? 0);
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.sort(
    (a, b) =>
      (busy.get(`${String(b.pid)}:${String(b.tid)}`) ?? 0) - (busy.get(`${String(a.pid)}:${String(a.tid)}`) ?? 0),
  )[0];
  const self = new Map<string, number>();
  const perScript = new Map<string, number>();
  if (!main)
    return { self, perScript, tasks: [] as string[], windows: [] as { from: number; to: number; line: number }[] };
  const xs = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { e: TraceEvent; end: number; child: number }[] = [];
  const close = (until: number) => {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= until) {
      const top = stack.pop();
      if (!top) break;
      const selfTime = (top.e.dur ?? 0) - top.child;
      add(self, top.e.name, selfTime);
      const url = top.e.args?.data?.url ?? top.e.args?.data?.fileName;
      if (url && /compile|evaluate|EvaluateScript/i.test(top.e.name))
        add(perScript, `${path.basename(url)} ${top.e.name}`, top.e.dur ?? 0);
    }
  };
  for (const e of xs) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.child += e.dur ?? 0;
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  // The main thread's long tasks, from the navigation's start, each with its biggest direct parts.
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? xs[0]?.ts ?? 0;
  const tasks: string[] = [];
  const windows: { from: number; to: number; line: number }[] = [];
  for (const task of xs.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 40_000)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of xs)
      if (
        e !== task &&
        e.ts >= task.ts &&
        e.ts < end &&
        /^(v8\.|V8\.Compile|EvaluateScript|FunctionCall|UpdateLayoutTree|Layout|Paint|ParseHTML|TimerFire|RunMicrotasks|EventDispatch|FireAnimationFrame|Document::recalcStyle|LocalFrameView::performLayout)/.test(
          e.name,
        )
      ) {
        const url = e.args?.data?.url ?? e.args?.data?.fileName;
        add(parts, `${e.name}${url ? ` ${path.basename(url)}` : ''}`, e.dur ?? 0);
      }
    windows.push({ from: task.ts, to: end, line: tasks.length });
    tasks.push(
      `  ${ms(task.ts - navStart).padStart(6)} +${ms(task.dur ?? 0).padStart(5)}  ${top(parts, 4)
        .map(([k, v]) => `${k} ${ms(v)}`)
        .join(', ')}`,
    );
  }
  return { self, perScript, tasks, windows };
}

async function run(browser: Browser, name: string, scenario: Scenario, session?: Session) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: signedInState(BASE, session),
  });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const renderersBefore = new Map((await renderers(browser)).map((r) => [r.id, r.cpuTime]));
  await cdp.send('Network.enable');
  const reqs = new Map<string, Req>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const stackUrl = e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url;
    reqs.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      start: e.timestamp,
      initiator: stackUrl,
      bytes: 0,
      type: e.type ?? '',
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'v8',
      'v8.execute',
      'blink',
      'loading',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.compile',
      'blink.user_timing',
    ],
  });
  await cdp.send('Profiler.start');
  await page.goto(`${BASE}${scenario.path}`, { waitUntil: 'commit' });
  await page.locator(scenario.done).first().waitFor({ state: 'visible', timeout: 120_000 });
  const doneAt = await page.evaluate(() => performance.now());
  // The CPU the page's renderer process used during the load (the renderer whose CPU grew most):
  // unlike the times, it does not grow when other work on the machine delays the renderer.
  const rendererCpu = Math.max(
    0,
    ...(await renderers(browser)).map((r) => r.cpuTime - (renderersBefore.get(r.id) ?? 0)),
  );
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
  });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  // WEB_TRACE_DUMP=<dir> keeps the raw trace and profile for a closer look (timers, idle gaps).
  const dump = process.env.WEB_TRACE_DUMP;
  if (dump) {
    fs.writeFileSync(path.join(dump, `${name}.trace.json`), JSON.stringify(trace));
    fs.writeFileSync(path.join(dump, `${name}.profile.json`), JSON.stringify(profile));
  }

  const { self, perScript, tasks, windows } = mainThreadSelf(trace.traceEvents);
  // The profile's self time per package.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perPackage = new Map<string, number>();
  const perFunction = new Map<string, number>();
  const perWindow = windows.map(() => new Map<string, number>());
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (!node) return;
    const f = node.callFrame;
    const who = f.url ? owner(f.url, f.lineNumber, f.columnNumber) : `(${f.functionName})`;
    add(perPackage, who, dt);
    const w = windows.findIndex((x) => at >= x.from && at < x.to);
    if (w >= 0) add(perWindow[w] ?? new Map<string, number>(), who, dt);
    // The app's own functions by file: their minified names say nothing.
    const where = who.startsWith('web/') ? sourceAt(f.url, f.lineNumber, f.columnNumber).replace(/^.*src\//, '') : who;
    add(perFunction, `${where} ${f.functionName || '(anonymous)'}`, dt);
  });
  // Depth of each request in its initiator chain (the document is 0).
  const all = [...reqs.values()].sort((a, b) => a.start - b.start);
  const doc = all[0];
  const t0 = doc?.start ?? 0;
  const depth = new Map<string, number>();
  const byUrl = new Map(all.map((r) => [r.url, r]));
  const depthOf = (r: Req, seen = 0): number => {
    if (depth.has(r.id)) return depth.get(r.id) ?? 0;
    const parent = r.initiator ? byUrl.get(r.initiator) : undefined;
    const d = parent && parent !== r && seen < 50 ? depthOf(parent, seen + 1) + 1 : r === doc ? 0 : 1;
    depth.set(r.id, d);
    return d;
  };
  const sum = (names: RegExp) => [...self].filter(([k]) => names.test(k)).reduce((s, [, v]) => s + v, 0);
  const phases = {
    done: doneAt,
    rendererCpuMs: rendererCpu * 1000,
    scriptCompile:
      sum(/^(v8\.compile|V8\.CompileCode|v8\.compileModule|V8\.ParseFunction|v8\.parseOnBackground)/i) / 1000,
    scriptRun:
      sum(
        /^(EvaluateScript|v8\.evaluateModule|FunctionCall|V8\.Execute|v8\.run|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|v8\.callFunction)$/i,
      ) / 1000,
    style: sum(/^(UpdateLayoutTree|ParseAuthorStyleSheet|Document::recalcStyle|Document::updateStyle)$/) / 1000,
    layout: sum(/^(Layout|LocalFrameView::performLayout|UpdateLayerTree|PrePaint|Layerize)$/) / 1000,
    paint: sum(/^(Paint|PaintImage|Commit|RasterTask|CompositeLayers)$/) / 1000,
    requests: sum(/^ResourceFetcher::requestResource$/) / 1000,
    gc: sum(/GC|Scavenge|MajorGC|MinorGC/) / 1000,
    scripts: all.filter((r) => r.type === 'Script').length,
    jsKB: all.filter((r) => r.type === 'Script').reduce((s, r) => s + r.bytes, 0) / 1024,
  };
  if (QUIET)
    console.log(`${name} ${JSON.stringify(phases, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`);
  else {
    console.log(
      `\n=== ${name} (${scenario.path}): done at ${doneAt.toFixed(0)} ms, DCL ${nav.dcl.toFixed(0)}, load ${nav.load.toFixed(0)}`,
    );
    console.log(
      'main thread self time by event (ms):',
      top(self, 22)
        .map(([k, v]) => `${k} ${ms(v)}`)
        .join(', '),
    );
    console.log(
      'phases (ms):',
      JSON.stringify(phases, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v)),
    );
    console.log('script self time by package/folder (ms):');
    for (const [k, v] of top(perPackage, 30)) console.log(`  ${ms(v).padStart(6)} ${k}`);
    console.log('hottest functions (ms):');
    for (const [k, v] of top(perFunction, 20)) console.log(`  ${ms(v).padStart(6)} ${k}`);
    console.log('compile/evaluate per chunk (ms, inclusive):');
    for (const [k, v] of top(perScript, 25)) console.log(`  ${ms(v).padStart(6)} ${k}`);
    console.log('long tasks (ms after the navigation start, duration, biggest parts; nested parts overlap):');
    tasks.forEach((t, i) => {
      console.log(t);
      const parts = top(perWindow[i] ?? new Map<string, number>(), 6);
      if (parts.length) console.log(`           profile: ${parts.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
    });
    console.log('requests (start–end ms after the document request, depth, KB on the wire):');
    for (const r of all) {
      const u = new URL(r.url);
      const d = depthOf(r);
      console.log(
        `  ${((r.start - t0) * 1000).toFixed(0).padStart(6)}–${r.end ? ((r.end - t0) * 1000).toFixed(0).padStart(6) : '     ?'}  d${d} ${(r.bytes / 1024).toFixed(1).padStart(6)} ${r.type.padEnd(8)} ${u.pathname}${u.search}`,
      );
    }
  }
  return phases;
}

async function main() {
  const names = process.argv.slice(2);
  const member = await apiLogin('member');
  const consultant = await apiLogin('consultant');
  await seedTask(consultant, member);
  const sessions: Record<Role, Session> = { member, consultant };
  const browser = await launchBenchBrowser();
  try {
    for (const name of names.length ? names : ['login', 'dashboard', 'tasks']) {
      const scenario = SCENARIOS[name];
      if (!scenario) throw new Error(`no page ${name}: ${Object.keys(SCENARIOS).join(', ')}`);
      const results: Awaited<ReturnType<typeof run>>[] = [];
      for (let i = 0; i < RUNS; i++)
        results.push(await run(browser, name, scenario, scenario.role ? sessions[scenario.role] : undefined));
      if (RUNS > 1) {
        const med = (k: keyof (typeof results)[number]) =>
          [...results.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
        console.log(
          `${name}: medians of ${String(RUNS)}:`,
          (Object.keys(results[0] ?? {}) as (keyof (typeof results)[number])[])
            .map((k) => `${k} ${med(k).toFixed(0)}`)
            .join(', '),
        );
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
