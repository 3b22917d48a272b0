import { Api } from 'grammy';
import type { Config } from '../config';

/**
 * Messages to members and consultants through the bot (grammy's Bot API client). The API root is
 * configurable so tests can point it at a local peer that speaks the Bot API.
 */
export class Telegram {
  private readonly api: Api | null;

  constructor(config: Pick<Config, 'telegramBotToken' | 'telegramApiRoot'>) {
    this.api = config.telegramBotToken ? new Api(config.telegramBotToken, { apiRoot: config.telegramApiRoot }) : null;
  }

  get configured(): boolean {
    return this.api !== null;
  }

  /** Sends a plain-text message; throws when the bot is not configured or Telegram refuses. */
  async send(chatId: string, text: string): Promise<{ messageId: number; date: Date }> {
    if (!this.api) throw new Error('TELEGRAM_BOT_TOKEN is not set');
    const sent = await this.api.sendMessage(chatId, text);
    return { messageId: sent.message_id, date: new Date(sent.date * 1000) };
  }
}

const bots = new Map<string, Telegram>();

/** One client per token and root (the config does not change while the process runs). */
export function telegramOf(config: Pick<Config, 'telegramBotToken' | 'telegramApiRoot'>): Telegram {
  const key = `${config.telegramBotToken ?? ''}@${config.telegramApiRoot}`;
  let bot = bots.get(key);
  if (!bot) bots.set(key, (bot = new Telegram(config)));
  return bot;
}
