/**
 * A/B of two web builds' cold page loads in CPU-seconds, which a shared machine's load inflates far less
 * than it does times (issue 41, issue 39's CI time): run by hand against two built servers that serve the
 * two builds (`npx vite build --outDir <dir>`, then each server with WEB_DIST=<dir> SEED_DEMO=1), e.g.
 *   WEB_AB=old=http://127.0.0.1:19510,new=http://127.0.0.1:19511 WEB_AB_ROUNDS=7 npx tsx scripts/bench/web-ab.ts dashboard login
 * Each round loads each page once from each build, in alternating order (ABBA…), in a new browser context
 * (nothing cached) of the benches' browser (web-session.ts launchBenchBrowser: Debian's full Chromium; the
 * nineteenth session's figures were taken in the headless shell) without CPU slow-down, and reads, once
 * the page shows its content: the CPU time the browser's processes used (CDP SystemInfo: renderer,
 * browser, GPU and utility processes), the page's main thread task time (CDP Performance.getMetrics
 * TaskDuration, ScriptDuration), the time until then (done) and the scripts it fetched (count, raw and
 * gzip KB). Prints each build's medians. WEB_AB_RATE=4 slows the CPU down 4× (bench:web's phone-class
 * setting): the order in which a signed-in screen's answers and renders meet is then the phone's, not
 * the fast desktop's (the side menu's answer arrives after the layout's first render, not before it).
 * WEB_AB_LATENCY=<ms> adds that much to every request's round trip (CDP's network emulation), as a phone's
 * network does: what a page asks for only once another script has arrived then waits once more.
 */
import zlib from 'node:zlib';
import { launchBenchBrowser, signedInState, type WebSession as Session } from './web-session';
import type { Browser } from '@playwright/test';
import { must } from '../must';
import { DEMO_PASSWORD } from '../../src/server/db/seed';

const BUILDS = (process.env.WEB_AB ?? 'old=http://127.0.0.1:19510,new=http://127.0.0.1:19511').split(',').map((s) => {
  const [label, base] = s.split('=');
  return { label: must(label), base: must(base) };
});
const ROUNDS = Number(process.env.WEB_AB_ROUNDS ?? 7);
const RATE = Number(process.env.WEB_AB_RATE ?? 1);
const LATENCY = Number(process.env.WEB_AB_LATENCY ?? 0);

type Scenario = { path: string; role?: string; done: string };
const SCENARIOS: Record<string, Scenario> = {
  login: { path: '/login', done: 'input[name="username"]:not([disabled])' },
  dashboard: { path: '/dashboard', role: 'member', done: 'main h6, main .MuiCard-root' },
  lessons: { path: '/lessons', role: 'member', done: 'text=Getting started' },
  tasks: { path: '/staff/tasks', role: 'consultant', done: 'main .MuiTableBody-root, main .MuiCard-root' },
  users: { path: '/users', role: 'admin', done: 'main .MuiTableBody-root tr' },
};

async function apiLogin(base: string, role: string): Promise<Session> {
  const res = await fetch(`${base}/api/accounts/login/`, {
    method: 'POST',
    body: new URLSearchParams({ username: `${role}@demo.atrium`, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${role}: ${res.status}`);
  return (await res.json()) as Session;
}

/** Every process of the browser and the CPU seconds it has used. */
async function processes(browser: Browser): Promise<{ id: number; type: string; cpuTime: number }[]> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  return processInfo;
}

type Sample = {
  renderer: number;
  browser: number;
  other: number;
  task: number;
  script: number;
  scripts: number;
  rawKb: number;
  gzipKb: number;
  /** Scripts fetched until the network was idle (what the screen asks for after its content). */
  settled: number;
  /** Milliseconds from the navigation until the page showed its content. */
  done: number;
};

async function load(browser: Browser, base: string, scenario: Scenario, session?: Session): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: signedInState(base, session),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (RATE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  if (LATENCY)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  const before = new Map((await processes(browser)).map((p) => [p.id, p.cpuTime]));
  const started = Date.now();
  await page.goto(`${base}${scenario.path}`, { waitUntil: 'commit' });
  await page.locator(scenario.done).first().waitFor({ state: 'visible', timeout: 120_000 });
  const done = Date.now() - started;
  const after = await processes(browser);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const used = (type: string) =>
    after
      .filter((p) => (type === 'other' ? p.type !== 'renderer' && p.type !== 'browser' : p.type === type))
      .reduce((sum, p) => sum + p.cpuTime - (before.get(p.id) ?? 0), 0);
  const files = await Promise.all(bodies.slice());
  await page.waitForLoadState('networkidle');
  const sample: Sample = {
    renderer: used('renderer'),
    browser: used('browser'),
    other: used('other'),
    task: metric('TaskDuration'),
    script: metric('ScriptDuration'),
    scripts: files.length,
    rawKb: files.reduce((sum, b) => sum + b.length, 0) / 1024,
    gzipKb: files.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0) / 1024,
    settled: bodies.length,
    done,
  };
  await context.close();
  return sample;
}

const median = (xs: number[]) => must([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);

async function main() {
  const pages = process.argv.slice(2);
  const browser = await launchBenchBrowser();
  try {
    for (const name of pages.length ? pages : ['dashboard']) {
      const scenario = must(SCENARIOS[name]);
      const sessions = new Map<string, Session | undefined>();
      for (const { base } of BUILDS)
        sessions.set(base, scenario.role ? await apiLogin(base, scenario.role) : undefined);
      const samples = new Map<string, Sample[]>(BUILDS.map((b) => [b.label, []]));
      // One warm-up load per build (the server's first answers, the browser's first renderer).
      for (const { base } of BUILDS) await load(browser, base, scenario, sessions.get(base));
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? [...BUILDS].reverse() : BUILDS;
        for (const { label, base } of order) {
          const s = await load(browser, base, scenario, sessions.get(base));
          must(samples.get(label)).push(s);
          console.log(
            `${name} ${label} round ${String(round + 1)}: done ${String(s.done)} ms, renderer ${s.renderer.toFixed(2)} s, browser ${s.browser.toFixed(2)} s, other ${s.other.toFixed(2)} s, main-thread tasks ${s.task.toFixed(2)} s (script ${s.script.toFixed(2)} s), ${String(s.scripts)} scripts ${s.rawKb.toFixed(0)} KB (${s.gzipKb.toFixed(0)} KB gzip), ${String(s.settled)} when settled`,
          );
        }
      }
      for (const { label } of BUILDS) {
        const xs = must(samples.get(label));
        const m = (k: keyof Sample) => median(xs.map((x) => x[k]));
        console.log(
          `${name} ${label} median of ${String(xs.length)}: done ${String(m('done'))} ms, renderer ${m('renderer').toFixed(2)} s, browser ${m('browser').toFixed(2)} s, renderer+browser ${median(xs.map((x) => x.renderer + x.browser)).toFixed(2)} s, other ${m('other').toFixed(2)} s, main-thread tasks ${m('task').toFixed(2)} s (script ${m('script').toFixed(2)} s), ${String(m('scripts'))} scripts ${m('rawKb').toFixed(0)} KB (${m('gzipKb').toFixed(0)} KB gzip), ${String(m('settled'))} when settled`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
