import type { onSendHookHandler } from 'fastify';

/**
 * The most of a refused request's body that is read and thrown away to keep its connection: a
 * little more than the largest upload most forms take (20 MB), so a file refused for its size does
 * not cost the browser a new connection. Anything larger (or of unknown length) closes it instead.
 */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;

/**
 * An answer sent before the request's body was read to its end (an upload refused for its size or
 * type, a rate limit, a broken form): Node leaves a body alone once something has started reading
 * it, so the rest would sit unread on the socket and the next request on that keep-alive connection
 * would wait until the connection timed out (~73 s). The rest is read and discarded here when it is
 * small enough, otherwise the answer says `Connection: close` and Node closes the connection after it.
 */
export const settleUnreadBody: onSendHookHandler = (req, reply, payload, done) => {
  const raw = req.raw;
  // Fully read, or never touched (Node then discards the body itself after the answer).
  if (raw.readableEnded || raw.readableFlowing === null) {
    done(null, payload);
    return;
  }
  const length = Number(raw.headers['content-length']);
  if (!(length <= DRAIN_MAX_BYTES)) reply.header('connection', 'close');
  // Whoever read the body (the multipart reader) is done with it: detach it and discard the rest.
  raw.unpipe();
  raw.removeAllListeners('data');
  raw.resume();
  done(null, payload);
};
