import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Bot, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type { AppContext } from '../../context';
import { answerMessage } from './commands';

/** The webhook's path under the app's public address (the contract's receiveTelegramUpdate). */
const WEBHOOK_PATH = '/api/telegram/webhook/';
/** How long a stopped poller waits before it asks again (another process polling, Telegram unreachable). */
const RETRY_MS = 15_000;
/** A stop never waits longer than this for Telegram to confirm the last update. */
const STOP_WAIT_MS = 3_000;

/** grammy types its signals by the abort-controller shim's class, which Node's own signal satisfies at run time. */
type GrammySignal = NonNullable<Parameters<Bot['init']>[0]>;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The bot's side that listens (grammy): the updates Telegram sends reach answerMessage either through
 * the webhook (Telegram calls PUBLIC_URL/api/telegram/webhook/ with the secret token header) or by
 * long polling getUpdates, as the config says (TELEGRAM_UPDATES). Only private text messages are read.
 */
export class TelegramUpdates {
  private readonly bot: Bot | null;
  private readonly abort = new AbortController();
  private readonly signal = this.abort.signal as unknown as GrammySignal;
  private polling: Promise<void> | null = null;
  private ctx: AppContext | null = null;
  /** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token (null without a webhook). */
  readonly webhookSecret: string | null;

  constructor(
    private readonly config: AppContext['config'],
    appSecret: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const token = config.telegramBotToken;
    this.bot =
      token && config.telegramUpdates !== 'off'
        ? new Bot(token, { client: { apiRoot: config.telegramApiRoot } })
        : null;
    this.webhookSecret =
      this.bot && config.telegramUpdates === 'webhook'
        ? (config.telegramWebhookSecret ??
          createHmac('sha256', appSecret).update('telegram-webhook-v1').digest('base64url'))
        : null;
    this.bot?.chatType('private').on('message:text', async (c) => {
      const ctx = this.ctx;
      if (!ctx) return;
      const text = await answerMessage(ctx, {
        chatId: String(c.chat.id),
        text: c.message.text,
        languageCode: c.from.language_code,
      });
      await c.reply(text, { link_preview_options: { is_disabled: true } });
    });
    this.bot?.catch((err) => {
      this.log.warn({ err: err.error }, 'telegram update failed');
    });
  }

  /** Whether stop() was called (a call: every read looks again, also after an await). */
  private stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Starts listening: registers the webhook, or starts the long-polling loop (in the background). */
  start(ctx: AppContext): void {
    this.ctx = ctx;
    if (!this.bot) return;
    if (this.config.telegramUpdates === 'webhook') {
      void this.registerWebhook(this.bot);
    } else {
      this.polling = this.poll(this.bot);
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (!this.bot?.isRunning()) {
      await this.polling;
      return;
    }
    await Promise.race([
      this.bot.stop().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
    ]);
    await Promise.race([this.polling, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
  }

  /** Whether a webhook call carries this app's secret (compared in constant time). */
  acceptsSecret(header: string | undefined): boolean {
    if (!this.webhookSecret || header === undefined) return false;
    const want = Buffer.from(this.webhookSecret);
    const got = Buffer.from(header);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** One update from the webhook; a failure is logged (Telegram would only send it again). */
  async handleWebhook(update: Update): Promise<void> {
    if (!this.bot) return;
    try {
      await this.bot.init(this.signal);
      await this.bot.handleUpdate(update);
    } catch (err) {
      this.log.warn({ err }, 'telegram webhook update failed');
    }
  }

  private async registerWebhook(bot: Bot) {
    const url = `${this.config.publicUrl}${WEBHOOK_PATH}`;
    while (!this.stopped()) {
      try {
        await bot.api.setWebhook(
          url,
          { secret_token: this.webhookSecret ?? undefined, allowed_updates: ['message'] },
          this.signal,
        );
        this.log.info({ url }, 'telegram webhook registered');
        return;
      } catch (err) {
        if (this.stopped()) return;
        this.log.warn({ err }, 'telegram setWebhook failed; trying again');
        await sleep(RETRY_MS, this.abort.signal);
      }
    }
  }

  /**
   * Long polling through grammy until stopped. When it ends by an error (Telegram unreachable, or 409:
   * another process polls the same bot) it starts again after a pause, so one process of several holds it.
   */
  private async poll(bot: Bot) {
    while (!this.stopped()) {
      try {
        await bot.init(this.signal);
        if (this.stopped()) return;
        await bot.start({ allowed_updates: ['message'], drop_pending_updates: false });
      } catch (err) {
        if (this.stopped()) return;
        const conflict = err instanceof GrammyError && err.error_code === 409;
        this.log.warn({ err }, conflict ? 'telegram: another process polls this bot' : 'telegram polling failed');
      }
      await sleep(RETRY_MS, this.abort.signal);
    }
  }
}
