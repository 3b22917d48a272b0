import type { Config } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes proxy-addr's hop rule as a function:
 * Fastify 5 ignores a plain number (it cannot check the peer), and `true` would believe the leftmost
 * X-Forwarded-For entry, which the client writes itself. With a count, the server must be reachable
 * only through those proxies (docs/operations.md).
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((addr: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (trust <= 0) return false;
  return (_addr, hop) => hop < trust;
}
