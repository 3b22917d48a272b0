import net from 'node:net';

/** Shared pieces of the tests that need a real socket (keep-alive behaviour `app.inject` cannot show). */

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * One TCP connection to a listening server, HTTP/1.1 written by hand: requests go out in order on the
 * same socket and answers are read back in order (bodies by Content-Length, as Fastify answers).
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  /** True once the server has closed its side of the connection. */
  ended = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.wake();
    });
    const end = () => {
      this.ended = true;
      this.wake();
    };
    socket.on('end', end);
    socket.on('close', end);
    // A reset after the server closed is the same as its close here.
    socket.on('error', end);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  private wake() {
    const w = this.waiting;
    this.waiting = null;
    w?.();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Writes a request: the head from its parts, then the body as given (all of it, or a part of it). */
  send(method: string, path: string, headers: Record<string, string | number>, body?: Buffer): void {
    const head = [
      `${method} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    this.socket.write(`${head.join('\r\n')}\r\n\r\n`);
    if (body) this.socket.write(body);
  }

  /** The next answer on the connection, or null when the server closed it first. */
  async response(): Promise<RawResponse | null> {
    for (;;) {
      const split = this.buffered.indexOf('\r\n\r\n');
      if (split >= 0) {
        const lines = this.buffered.subarray(0, split).toString('latin1').split('\r\n');
        const status = Number(lines[0]!.split(' ')[1]);
        const headers: Record<string, string> = {};
        for (const line of lines.slice(1)) {
          const i = line.indexOf(':');
          headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffered.length >= split + 4 + length) {
          const body = this.buffered.subarray(split + 4, split + 4 + length).toString('utf8');
          this.buffered = this.buffered.subarray(split + 4 + length);
          return { status, headers, body };
        }
      }
      if (this.ended) return null;
      await this.next();
    }
  }

  /** Resolves once the server has closed the connection. */
  async closed(): Promise<void> {
    while (!this.ended) await this.next();
  }

  destroy() {
    this.socket.destroy();
  }
}
