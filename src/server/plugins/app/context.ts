import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context';
import { TokenSigner } from '../../auth/tokens';
import { SessionCache } from '../../auth/session-cache';
import { SecretBox } from '../../crypto';
import type { Metrics } from '../../http/metrics';
import { Mailer } from '../../integrations/mail';
import { createStorage } from '../../integrations/storage';
import { Jobs } from '../../jobs';
import { NotificationHub } from '../../services/notifications/push';
import { TelegramUpdates } from '../../services/telegram/updates';

type ContextOptions = {
  db: AppContext['db'];
  config: AppContext['config'];
  /** Signs session tokens and, derived from it, seals secrets at rest. */
  secret: string;
  metrics: Metrics | undefined;
};

/**
 * What the services work with (`app.ctx`): the database, the configuration, the signer and sealer, mail,
 * file storage, background jobs, the session cache, the notification hub and the Telegram bot. Each part
 * that runs on its own starts when the app is ready and stops when it closes.
 */
export default fp(async (app: FastifyInstance, opts: ContextOptions) => {
  const { db, config, secret, metrics } = opts;
  app.decorate('ctx', {
    db,
    config,
    signer: new TokenSigner(secret, config.jwtTtlHours),
    box: new SecretBox(secret),
    mailer: new Mailer(db, config.smtpUrl, config.mailFrom, app.log),
    storage: await createStorage(config, secret),
    jobs: new Jobs(
      db.$client,
      app.log,
      metrics && {
        observe: (queue, seconds, ok) => {
          metrics.job(queue, seconds, ok);
        },
      },
    ),
    sessions: new SessionCache(db.$client, config.sessionCacheSeconds * 1000, app.log),
    push: new NotificationHub(db.$client, app.log),
    telegram: new TelegramUpdates(config, secret, app.log),
    log: app.log,
  });
  app.addHook('onReady', async () => app.ctx.jobs.start(app.ctx));
  app.addHook('onReady', async () => app.ctx.storage.start());
  app.addHook('onReady', async () => app.ctx.sessions.start());
  app.addHook('onReady', async () => app.ctx.push.start());
  app.addHook('onReady', (done) => {
    app.ctx.telegram.start(app.ctx);
    done();
  });
  app.addHook('onClose', async () => app.ctx.jobs.stop());
  app.addHook('onClose', async () => app.ctx.storage.stop());
  app.addHook('onClose', async () => app.ctx.sessions.stop());
  app.addHook('onClose', async () => app.ctx.telegram.stop());
  // Before the server stops taking connections: it waits for open ones, and an event stream never ends by itself.
  app.addHook('preClose', async () => app.ctx.push.stop());
});
