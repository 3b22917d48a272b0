/**
 * The server's parts the API bench drives, compiled the way `npm start` runs the server (`vite build
 * --ssr`, see run.ts) instead of transpiled on the fly by tsx, whose wrappers (esbuild's keepNames
 * `__name` on every function made per call) cost a cheap call a few per cent of its CPU.
 */
export { buildApp } from '../../src/server/app';
export { loadConfig } from '../../src/server/config';
export { connect } from '../../src/server/db/client';
export { startEmbeddedPostgres } from '../../src/server/db/embedded';
export { runMigrations } from '../../src/server/db/migrate';
export { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed';
