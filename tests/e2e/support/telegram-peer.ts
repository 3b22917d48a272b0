import http from 'node:http';
import type { AddressInfo } from 'node:net';

type SentMessage = { token: string; chat_id: string; text: string };
type Incoming = { chat_id: string | number; text: string; language_code?: string; first_name?: string };
type Webhook = { url: string; secret: string | undefined };
type Waiter = { offset: number; answer: (updates: unknown[]) => void };

const BOT_USERNAME = 'AtriumSchoolBot';

/** A scalar field of a Bot API call as text ('' when absent). */
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * A local peer speaking the Telegram Bot API, for tests. The bot side: getMe, sendMessage (recorded;
 * chat ids in `refuse` get Telegram's 403), getUpdates (long polling, answered as soon as an update
 * arrives), setWebhook/deleteWebhook (with a webhook set, updates are POSTed to it with the secret
 * token header, as Telegram does). The user side: `deliver` sends a private text message from a chat.
 * Run as a process (telegram-peer-server.ts), the same is reachable over HTTP under /__peer__/.
 */
export async function startTelegramPeer(opts: { port?: number; refuse?: string[] } = {}) {
  const sent: SentMessage[] = [];
  const updates: Array<{ update_id: number } & Record<string, unknown>> = [];
  const waiters = new Set<Waiter>();
  const webhookCalls: Array<{ status: number }> = [];
  let webhook: Webhook | null = null;
  let nextMessageId = 1;
  let nextUpdateId = 1;

  const pending = (offset: number) => updates.filter((u) => u.update_id >= offset);

  const wake = () => {
    for (const w of [...waiters]) {
      const list = pending(w.offset);
      if (list.length) {
        waiters.delete(w);
        w.answer(list);
      }
    }
  };

  /** A private text message from `chat_id`, as Telegram would send it to the bot. */
  const deliver = async (msg: Incoming) => {
    const chatId = Number(msg.chat_id);
    const update = {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: msg.first_name ?? 'Test' },
        from: {
          id: chatId,
          is_bot: false,
          first_name: msg.first_name ?? 'Test',
          ...(msg.language_code && { language_code: msg.language_code }),
        },
        text: msg.text,
        ...(msg.text.startsWith('/') && {
          entities: [{ type: 'bot_command', offset: 0, length: msg.text.split(/\s/)[0]!.length }],
        }),
      },
    };
    if (webhook) {
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(webhook.secret && { 'x-telegram-bot-api-secret-token': webhook.secret }),
        },
        body: JSON.stringify(update),
      });
      webhookCalls.push({ status: res.status });
      return { status: res.status };
    }
    updates.push(update);
    wake();
    return { status: 200 };
  };

  const botMethod = (token: string, method: string, body: Record<string, unknown>): [number, unknown] => {
    const ok = (result: unknown): [number, unknown] => [200, { ok: true, result }];
    switch (method) {
      case 'getMe':
        return ok({
          id: Number(token.split(':')[0]),
          is_bot: true,
          first_name: 'Atrium',
          username: BOT_USERNAME,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: false,
        });
      case 'setWebhook':
        webhook = { url: text(body.url), secret: body.secret_token as string | undefined };
        return ok(true);
      case 'deleteWebhook':
        webhook = null;
        return ok(true);
      case 'sendMessage': {
        const chatId = text(body.chat_id);
        if (opts.refuse?.includes(chatId))
          return [403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }];
        sent.push({ token, chat_id: chatId, text: text(body.text) });
        return ok({
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: 'private' },
          text: text(body.text),
        });
      }
      default:
        return [404, { ok: false, error_code: 404, description: 'Not Found' }];
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const raw = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      const body = (
        type.includes('json') ? JSON.parse(raw || '{}') : Object.fromEntries(new URLSearchParams(raw))
      ) as Record<string, unknown>;
      const url = new URL(req.url ?? '/', 'http://peer');
      // The test's side (when the peer runs as a process of its own).
      if (url.pathname === '/healthz') {
        reply(200, { ok: true });
        return;
      }
      if (url.pathname === '/__peer__/sent') {
        const chat = url.searchParams.get('chat_id');
        reply(
          200,
          sent.filter((m) => !chat || m.chat_id === chat),
        );
        return;
      }
      if (url.pathname === '/__peer__/updates' && req.method === 'POST') {
        deliver(body as Incoming).then(
          (r) => {
            reply(200, r);
          },
          () => {
            reply(502, { status: 0 });
          },
        );
        return;
      }
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!m) {
        reply(404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      const token = m[1]!;
      const method = m[2]!;
      if (method === 'getUpdates') {
        if (webhook) {
          reply(409, {
            ok: false,
            error_code: 409,
            description: "Conflict: can't use getUpdates method while webhook is active",
          });
          return;
        }
        const offset = Number(body.offset ?? 0);
        // Confirmed updates are gone, as at Telegram.
        for (let i = updates.length - 1; i >= 0; i--) if (updates[i]!.update_id < offset) updates.splice(i, 1);
        const list = pending(offset);
        const timeout = Number(body.timeout ?? 0);
        if (list.length || timeout <= 0) {
          reply(200, { ok: true, result: list });
          return;
        }
        const waiter: Waiter = {
          offset,
          answer: (found) => {
            clearTimeout(timer);
            reply(200, { ok: true, result: found });
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reply(200, { ok: true, result: [] });
        }, timeout * 1000);
        waiters.add(waiter);
        res.on('close', () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        });
        return;
      }
      const [status, answer] = botMethod(token, method, body);
      reply(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    webhookCalls,
    deliver,
    /** The webhook the server registered (null while it long-polls). */
    webhook: () => webhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
