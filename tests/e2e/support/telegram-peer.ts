import http from 'node:http';
import type { AddressInfo } from 'node:net';

type SentMessage = { token: string; chat_id: string; text: string };

/**
 * A local peer speaking the Telegram Bot API's sendMessage (the only method Atrium calls), for tests:
 * it records every message and answers like Telegram. Chat ids listed in `refuse` get Telegram's 403.
 */
export async function startTelegramPeer(opts: { port?: number; refuse?: string[] } = {}) {
  const sent: SentMessage[] = [];
  let nextId = 1;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!m || m[2] !== 'sendMessage') {
        reply(404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      const body = (type.includes('json') ? JSON.parse(raw || '{}') : Object.fromEntries(new URLSearchParams(raw))) as {
        chat_id?: string | number;
        text?: string;
      };
      const chatId = String(body.chat_id ?? '');
      if (opts.refuse?.includes(chatId)) {
        reply(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        return;
      }
      sent.push({ token: m[1]!, chat_id: chatId, text: body.text ?? '' });
      reply(200, {
        ok: true,
        result: {
          message_id: nextId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: 'private' },
          text: body.text,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
