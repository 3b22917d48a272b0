import type { Update } from 'grammy/types';
import type { HandlerTable } from './types';
import { notAuthenticated, notFound } from '../errors';

export const telegramHandlers: HandlerTable = {
  receiveTelegramUpdate: async (req) => {
    const bot = req.server.ctx.telegram;
    if (!bot.webhookSecret) throw notFound();
    if (!bot.acceptsSecret(req.headers['x-telegram-bot-api-secret-token'] as string | undefined))
      throw notAuthenticated();
    // The contract checked its shape (update_id); the rest is Telegram's Update as it is sent.
    await bot.handleWebhook(req.body as Update);
    return { ok: true as const };
  },
};
