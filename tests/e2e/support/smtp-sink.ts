/**
 * The E2E runs' real SMTP peer: accepts every mail on SMTP_PORT, parses it (postal-mime) and shows the
 * received mails as JSON on HTTP_PORT (GET /messages?to=<address>), newest last.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

const SMTP_PORT = Number(process.env.SMTP_PORT ?? 18025);
const HTTP_PORT = Number(process.env.HTTP_PORT ?? 18026);

type Received = { to: string[]; subject: string; text: string; html: string; at: string };
const messages: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on(
      'end',
      () =>
        void (async () => {
          try {
            const mail = await PostalMime.parse(Buffer.concat(chunks));
            messages.push({
              to: (mail.to ?? []).map((a) => (a.address ?? '').toLowerCase()),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
              at: new Date().toISOString(),
            });
            callback();
          } catch (err) {
            callback(err as Error);
          }
        })(),
    );
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${HTTP_PORT}`);
    if (url.pathname === '/healthz') return res.end('ok');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(list));
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(HTTP_PORT, '127.0.0.1');
