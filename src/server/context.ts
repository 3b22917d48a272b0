import type { FastifyBaseLogger } from 'fastify';
import type { TokenSigner } from './auth/tokens';
import type { SecretBox } from './crypto';
import type { Mailer } from './integrations/mail';
import type { MediaStore } from './integrations/storage';
import type { Jobs } from './jobs';
import type { Config } from './config';
import type { SessionCache } from './auth/session-cache';
import type { NotificationHub } from './services/notifications/push';
import type { TelegramUpdates } from './services/telegram/updates';
import type { Db } from './db/client';
import type { Language, Role } from './db/schema';

/** What every handler and service gets: database, configuration, token signer, secret box, mailer. */
export type AppContext = {
  db: Db;
  config: Config;
  signer: TokenSigner;
  box: SecretBox;
  mailer: Mailer;
  storage: MediaStore;
  jobs: Jobs;
  /** Checked sessions for a few seconds (see auth/session-cache.ts). */
  sessions: SessionCache;
  /** The staff's live notification streams and the database connection that feeds them. */
  push: NotificationHub;
  /** The bot's incoming updates (webhook or long polling, services/telegram/updates.ts). */
  telegram: TelegramUpdates;
  log: FastifyBaseLogger;
};

/** The signed-in caller, as resolved from the token's session on every request. */
export type AuthUser = {
  id: number;
  role: Role;
  isSuperuser: boolean;
  language: Language;
  /** The user's IANA time zone (their "today" in tasks and statistics). */
  timeZone: string;
  sessionId: string;
};
