import { afterAll } from 'vitest';
import { clock } from '../../src/server/clock';
/**
 * Fails the run when a statement is sent on a pg client that is still running another (outside the
 * pipelined lanes): node-postgres warns about it now and pg 9 refuses it, so inside a transaction
 * such reads must go one after another (src/server/db/together.ts). node-postgres warns once per
 * process, so this catches the first such statement of a test file's worker.
 */
const GUARD = Symbol.for('atrium.test.overlappingQueries');
const scope = globalThis as { [GUARD]?: true };
if (!scope[GUARD]) {
  scope[GUARD] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
      throw new Error(`A statement was sent on a pg client busy with another: ${warning.message}`);
    }
  });
}

// Files of a worker share modules (vitest.config.ts, isolate: false): a file that moved the app's clock
// must not leave it moved for the next.
afterAll(() => {
  clock.reset();
});
