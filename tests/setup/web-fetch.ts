import { vi } from 'vitest';

/**
 * The web app's client calls a relative base URL ('/api'), which a browser resolves against the
 * page. Node's Request does not, so the web tests give the page an origin and a Request that
 * resolves relative URLs against it, as a browser's does. Runs before each test file imports the client.
 */
const origin = new URL('http://localhost/');
vi.stubGlobal('location', origin);

const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  static readonly page = true;
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, origin) : input, init);
  }
}
// Once per worker: the files of a worker share their globals (the project's isolate: false), and a
// Request made from the stubbed one would resolve the URL twice.
if (!('page' in NodeRequest)) vi.stubGlobal('Request', PageRequest);
