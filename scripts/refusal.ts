/** What the operator's commands (npm run backup, restore, create-admin) share: a refusal and its exit code. */
import { ConfigError, loadConfig, type Config } from '../src/server/config';

/** A refusal the operator can act on: its message is printed alone (no stack trace), and it sets the exit code. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The server's configuration from the environment; a bad one is a refusal with exit code 2. */
export function configOrRefusal(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new Refusal(err.message, 2);
    throw err;
  }
}

/** How a command ends on an error: a refusal's message and code, else the error's first line and 1. */
export function reportFailure(err: unknown): void {
  console.error(err instanceof Refusal ? err.message : err instanceof Error ? err.message.split('\n')[0] : String(err));
  process.exitCode = err instanceof Refusal ? err.code : 1;
}
