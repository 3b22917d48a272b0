/**
 * Chromium's switches for a browser run unattended on this machine, by the E2E runs (playwright.config.ts,
 * which adds its own) and by the page-load benches (scripts/bench/web-session.ts launchBenchBrowser):
 * no sandbox (root in a container), no GPU (none here; software drawing), and none of the browser's own
 * traffic or background updates, which would add CPU and requests to what is measured.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
