import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** proxy-addr's names for the private ranges, usable in a TRUST_PROXY list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies of ours stand in front (a hop count: the address that many entries from
 * the right of X-Forwarded-For is the client), or the proxies' own addresses and ranges, comma separated.
 * `true`/`yes` and `false`/`no` still mean one hop and none, as when the variable was a switch.
 */
function parseTrustProxy(raw: string, c: z.RefinementCtx): number | string[] {
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === 'yes') return 1;
  if (v === 'false' || v === 'no') return 0;
  if (/^\d+$/.test(v)) {
    if (Number(v) <= 10) return Number(v);
    c.addIssue({ code: 'custom', message: 'a hop count must be 0 … 10' });
    return z.NEVER;
  }
  const list = v.split(',').map((e) => e.trim());
  const bad = list.find((e) => !isProxyAddress(e));
  if (bad === undefined) return list;
  c.addIssue({
    code: 'custom',
    message: `must be a hop count (0, 1, 2 …) or proxy addresses / CIDR ranges, comma separated; ${JSON.stringify(bad)} is neither`,
  });
  return z.NEVER;
}
const trustProxy = z.string().transform(parseTrustProxy);

/** Where uploads are kept (STORAGE_URL): a folder of the local disk, or an S3 bucket and key prefix. */
export type StorageConfig =
  | { driver: 'file'; root: string }
  | {
      driver: 's3';
      bucket: string;
      /** Prepended to every key: `atrium/` for s3://bucket/atrium; empty for the bucket's root. */
      prefix: string;
      /** A store other than AWS (MinIO, R2, Ceph …); AWS's own endpoint when unset. */
      endpoint: string | undefined;
      region: string;
      /** bucket in the path (https://host/bucket/key) rather than in the host name. */
      forcePathStyle: boolean;
    };

/** file:///absolute/folder or s3://bucket[/prefix]; S3's bucket naming rules. */
function parseStorageUrl(raw: string, c: z.RefinementCtx): { scheme: 'file' | 's3'; where: string; prefix: string } {
  const file = /^file:\/\/(\/.*)$/.exec(raw);
  if (file?.[1]) return { scheme: 'file', where: path.resolve(decodeURIComponent(file[1])), prefix: '' };
  const s3 = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
  if (s3?.[1]) {
    const prefix = (s3[2] ?? '').replace(/^\/+|\/+$/g, '');
    return { scheme: 's3', where: s3[1], prefix: prefix ? `${prefix}/` : '' };
  }
  c.addIssue({
    code: 'custom',
    message:
      'must be file:///absolute/folder or s3://bucket/prefix (a bucket of 3-63 lowercase letters, digits, . or -)',
  });
  return z.NEVER;
}

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_NAMED_STATEMENTS: bool.optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Atrium <no-reply@atrium.local>'),
  PUBLIC_URL: z.url('must be a URL such as https://atrium.example.com').optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().default('dist/web'),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^\w{5,32}$/, 'must be a Telegram bot username')
    .default('AtriumSchoolBot'),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'must be a Telegram bot token (123456:ABC…)')
    .optional(),
  TELEGRAM_API_ROOT: z.url('must be a URL').default('https://api.telegram.org'),
  TELEGRAM_UPDATES: z.enum(['auto', 'webhook', 'polling', 'off']).default('auto'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{16,256}$/, 'must be 16-256 letters, digits, _ or -')
    .optional(),
  LEAD_OFFER_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  DB_PIPELINE_LANES: z.coerce.number().int().min(0).max(16).default(2),
  DB_RESTART_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  TEST_CLOCK: bool.optional(),
  TRUST_PROXY: trustProxy.optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_\w+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: z.url('must be a URL such as http://127.0.0.1:12111').optional(),
  PAYMENT_CHECKOUT_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(24 * 60),
  STORAGE_URL: z.string().transform(parseStorageUrl).optional(),
  STORAGE_S3_ENDPOINT: z.url('must be a URL such as https://s3.example.com').optional(),
});

export type Config = {
  port: number;
  /** The interface to listen on; unset, main decides: loopback while demo accounts have the published password, else 0.0.0.0. */
  host: string | undefined;
  databaseUrl: string | undefined;
  /** A direct connection (not through a transaction pooler) for what needs a session of its own: migrations under their lock, LISTEN. */
  databaseDirectUrl: string | undefined;
  /** Run statements with values as named (prepared) statements; off for a pooler that cannot keep them. */
  dbNamedStatements: boolean;
  /** The bearer token of GET /metrics; without it the endpoint does not exist (404). */
  metricsToken: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  jwtTtlHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  corsOrigins: string[];
  webDist: string;
  telegramBotUsername: string;
  /** The bot that sends consultants' messages to members; without it, sending answers 400. */
  telegramBotToken: string | undefined;
  /** Bot API root (tests point it at a local peer speaking the Bot API). */
  telegramApiRoot: string;
  /**
   * How the bot's updates (/start, /login, /stop) reach the server: Telegram calls the webhook
   * (PUBLIC_URL/api/telegram/webhook/), or the server long-polls getUpdates; off without a token.
   */
  telegramUpdates: 'webhook' | 'polling' | 'off';
  /** The webhook's X-Telegram-Bot-Api-Secret-Token; derived from the app secret when unset. */
  telegramWebhookSecret: string | undefined;
  /** How long a routed lead waits for the offered consultant before it goes to the next one. */
  leadOfferTimeoutMinutes: number;
  /** How long a checked session is trusted without asking the database again (0: never); any change to it or its user ends that at once. */
  sessionCacheSeconds: number;
  /** Shared pipelined connections for the fast reads of concurrent requests (db/lanes.ts); 0: every statement on a pooled connection of its own. */
  dbPipelineLanes: number;
  /** How long the embedded PostgreSQL may stay down, restarts included, before the process exits (code 4) for its supervisor to restart it. */
  dbRestartTimeoutSeconds: number;
  /** On SIGTERM/SIGINT/SIGHUP, how long /healthz answers 503 (a load balancer leaves the process out) before the listener closes. */
  drainSeconds: number;
  /**
   * How long an idle keep-alive connection stays open. It must exceed the idle time-out of whatever
   * reuses connections to this server (a load balancer: AWS 60 s, Google 600 s), or a request sent as
   * the server closes the connection fails with a reset.
   */
  keepAliveSeconds: number;
  /** Tests only: lets POST /__test__/clock move the app's clock forward. */
  testClock: boolean;
  /**
   * Whose X-Forwarded-For is believed (only proxies you run): a hop count (0: nobody; 1: the rightmost
   * entry is the client), or the proxies' addresses and CIDR ranges.
   */
  trustProxy: number | string[];
  /** Online payments: the built-in sandbox checkout, or Stripe (then both Stripe secrets are needed). */
  payments: {
    provider: 'sandbox' | 'stripe';
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripeApiBase?: string;
    /** An unpaid online checkout is canceled after this many minutes (PAYMENT_CHECKOUT_TTL_MINUTES, default a day). */
    checkoutTtlMinutes?: number;
  };
  /** Where uploads are kept: DATA_DIR/uploads unless STORAGE_URL says otherwise. */
  storage: StorageConfig;
};

export class ConfigError extends Error {}

/** Variables whose whole value is a secret: an error names them and their rule, never the value. */
const SECRET_VARIABLE = /SECRET|TOKEN|KEY|PASSWORD/;

/**
 * A value as a configuration error may show it: a secret's only by its length, a URL's without its
 * password (a database or SMTP URL carries one), anything else whole. The message goes to the
 * journal or the container's log, which more people read than the environment file.
 */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_VARIABLE.test(name)) return `a hidden value of ${value.length} characters`;
  if (name.endsWith('_URL')) return JSON.stringify(withoutPassword(value));
  return JSON.stringify(value);
}

/** scheme://user:password@host… → scheme://user:***@host…, and a password=… in the query hidden too. */
function withoutPassword(url: string): string {
  return url
    .replace(/^([a-z][\w+.-]*:\/\/)(.*)@/i, (_, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return `${scheme}${colon < 0 ? userinfo : `${userinfo.slice(0, colon)}:***`}@`;
    })
    .replace(/([?&]password=)[^&]*/gi, '$1***');
}

const invalid = (lines: string[]) =>
  new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);

/** Reads the configuration from environment variables; every bad value is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        return `${i.path.join('.')}: ${i.message} (got ${shown(name, present[name])})`;
      }),
    );
  }
  const c = parsed.data;
  if (c.DATABASE_DIRECT_URL && !c.DATABASE_URL) {
    throw invalid([
      `DATABASE_DIRECT_URL: needs DATABASE_URL (got ${shown('DATABASE_DIRECT_URL', c.DATABASE_DIRECT_URL)})`,
    ]);
  }
  if (c.PAYMENT_PROVIDER === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    throw invalid(['PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (got stripe)']);
  }
  if (c.TELEGRAM_UPDATES !== 'auto' && c.TELEGRAM_UPDATES !== 'off' && !c.TELEGRAM_BOT_TOKEN) {
    throw invalid([`TELEGRAM_UPDATES: ${c.TELEGRAM_UPDATES} needs TELEGRAM_BOT_TOKEN (got ${c.TELEGRAM_UPDATES})`]);
  }
  if (c.STORAGE_S3_ENDPOINT && c.STORAGE_URL?.scheme !== 's3') {
    throw invalid([
      `STORAGE_S3_ENDPOINT: needs STORAGE_URL=s3://bucket/prefix (got ${shown('STORAGE_URL', env.STORAGE_URL)})`,
    ]);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    databaseDirectUrl: c.DATABASE_DIRECT_URL,
    dbNamedStatements: c.DB_NAMED_STATEMENTS ?? true,
    metricsToken: c.METRICS_TOKEN,
    dataDir: path.resolve(c.DATA_DIR),
    jwtSecret: c.JWT_SECRET,
    jwtTtlHours: c.JWT_TTL_HOURS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    // Demo accounts only on the embedded default, unless asked for explicitly.
    seedDemo: c.SEED_DEMO ?? !c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    corsOrigins: c.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: path.resolve(c.WEB_DIST),
    telegramBotUsername: c.TELEGRAM_BOT_USERNAME,
    telegramBotToken: c.TELEGRAM_BOT_TOKEN,
    telegramApiRoot: c.TELEGRAM_API_ROOT.replace(/\/$/, ''),
    telegramUpdates: telegramUpdates(c.TELEGRAM_UPDATES, c.TELEGRAM_BOT_TOKEN, c.PUBLIC_URL),
    telegramWebhookSecret: c.TELEGRAM_WEBHOOK_SECRET,
    leadOfferTimeoutMinutes: c.LEAD_OFFER_TIMEOUT_MINUTES,
    sessionCacheSeconds: c.SESSION_CACHE_SECONDS,
    dbPipelineLanes: c.DB_PIPELINE_LANES,
    dbRestartTimeoutSeconds: c.DB_RESTART_TIMEOUT_SECONDS,
    drainSeconds: c.DRAIN_SECONDS,
    keepAliveSeconds: c.KEEP_ALIVE_SECONDS,
    testClock: c.TEST_CLOCK ?? false,
    trustProxy: c.TRUST_PROXY ?? 0,
    payments: {
      provider: c.PAYMENT_PROVIDER,
      stripeSecretKey: c.STRIPE_SECRET_KEY,
      stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: c.STRIPE_API_BASE,
      checkoutTtlMinutes: c.PAYMENT_CHECKOUT_TTL_MINUTES,
    },
    storage: storageConfig(c.STORAGE_URL, c, env.AWS_REGION, path.resolve(c.DATA_DIR)),
  };
}

/** The file store under DATA_DIR/uploads by default; S3's region from AWS_REGION (us-east-1 unset). */
function storageConfig(
  url: { scheme: 'file' | 's3'; where: string; prefix: string } | undefined,
  c: { STORAGE_S3_ENDPOINT?: string },
  awsRegion: string | undefined,
  dataDir: string,
): StorageConfig {
  if (url?.scheme !== 's3') return { driver: 'file', root: url?.where ?? path.join(dataDir, 'uploads') };
  return {
    driver: 's3',
    bucket: url.where,
    prefix: url.prefix,
    endpoint: c.STORAGE_S3_ENDPOINT?.replace(/\/$/, ''),
    // The SDK's own variable; stores other than AWS take any (R2: auto).
    region: awsRegion ?? 'us-east-1',
    // MinIO, Ceph, s3rver and most other stores take the bucket in the path; AWS wants it in the host.
    forcePathStyle: c.STORAGE_S3_ENDPOINT !== undefined,
  };
}

/** `auto`: none without a token; the webhook when the app has a public https address, else long polling. */
function telegramUpdates(
  wanted: 'auto' | 'webhook' | 'polling' | 'off',
  token: string | undefined,
  publicUrl: string | undefined,
): Config['telegramUpdates'] {
  if (wanted !== 'auto') return wanted;
  if (!token) return 'off';
  return publicUrl?.startsWith('https://') ? 'webhook' : 'polling';
}
