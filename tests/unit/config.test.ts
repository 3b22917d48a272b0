import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const VARIABLES = ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'PUBLIC_URL', 'LOG_LEVEL'];

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig', () => {
  it('has defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toEqual({
      port: 8080,
      // Decided at start (main.ts): loopback while demo accounts have the published password.
      host: undefined,
      databaseUrl: undefined,
      databaseDirectUrl: undefined,
      dbNamedStatements: true,
      metricsToken: undefined,
      dataDir: path.resolve('./data'),
      jwtSecret: undefined,
      jwtTtlHours: 24 * 14,
      smtpUrl: undefined,
      mailFrom: 'Atrium <no-reply@atrium.local>',
      publicUrl: 'http://localhost:8080',
      seedDemo: true,
      logLevel: 'info',
      corsOrigins: [],
      webDist: path.resolve('dist/web'),
      telegramBotUsername: 'AtriumSchoolBot',
      telegramBotToken: undefined,
      telegramApiRoot: 'https://api.telegram.org',
      telegramUpdates: 'off',
      telegramWebhookSecret: undefined,
      leadOfferTimeoutMinutes: 15,
      sessionCacheSeconds: 10,
      dbPipelineLanes: 2,
      dbRestartTimeoutSeconds: 60,
      drainSeconds: 0,
      keepAliveSeconds: 72,
      testClock: false,
      trustProxy: 0,
      payments: {
        provider: 'sandbox',
        stripeSecretKey: undefined,
        stripeWebhookSecret: undefined,
        stripeApiBase: undefined,
        checkoutTtlMinutes: 1440,
      },
      storage: { driver: 'file', root: path.resolve('./data/uploads') },
    });
  });

  it('needs both Stripe secrets for PAYMENT_PROVIDER=stripe', () => {
    expect(errorOf({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }).message).toContain(
      'STRIPE_WEBHOOK_SECRET',
    );
    expect(errorOf({ PAYMENT_PROVIDER: 'paypal' }).message).toContain('PAYMENT_PROVIDER');
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })
        .payments.provider,
    ).toBe('stripe');
  });

  it('reads the pooler settings: a direct URL only beside DATABASE_URL, named statements off', () => {
    expect(errorOf({ DATABASE_DIRECT_URL: 'postgres://db/atrium' }).message).toContain('DATABASE_DIRECT_URL');
    expect(errorOf({ DB_NAMED_STATEMENTS: 'maybe' }).message).toContain('DB_NAMED_STATEMENTS');
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://pooler:6432/atrium',
        DATABASE_DIRECT_URL: 'postgres://db:5432/atrium',
        DB_NAMED_STATEMENTS: '0',
      }),
    ).toMatchObject({
      databaseUrl: 'postgres://pooler:6432/atrium',
      databaseDirectUrl: 'postgres://db:5432/atrium',
      dbNamedStatements: false,
    });
  });

  it('receives the bot by webhook on a public https address, else by long polling, none without a token', () => {
    const token = '123456:ABC-def';
    expect(loadConfig({}).telegramUpdates).toBe('off');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token }).telegramUpdates).toBe('polling');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token, PUBLIC_URL: 'http://localhost:8080' }).telegramUpdates).toBe(
      'polling',
    );
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token, PUBLIC_URL: 'https://atrium.example.com' }).telegramUpdates).toBe(
      'webhook',
    );
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_UPDATES: 'off' }).telegramUpdates).toBe('off');
    expect(errorOf({ TELEGRAM_UPDATES: 'polling' }).message).toContain('TELEGRAM_BOT_TOKEN');
    expect(errorOf({ TELEGRAM_UPDATES: 'push' }).message).toContain('TELEGRAM_UPDATES');
    expect(errorOf({ TELEGRAM_WEBHOOK_SECRET: 'short' }).message).toContain('TELEGRAM_WEBHOOK_SECRET');
  });

  it("reads TRUST_PROXY as a hop count or the proxies' addresses, with a one-line error otherwise", () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // The old switch's values keep their meaning: one proxy, or none.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1,', '1.2.3', '99', 'fd00::/129']) {
      const message = errorOf({ TRUST_PROXY: bad }).message;
      expect(message.split('\n')).toHaveLength(2);
      expect(message).toMatch(/^Invalid configuration:\n {2}TRUST_PROXY: /);
    }
    expect(errorOf({ TRUST_PROXY: '10.0.0.1,proxy.local' }).message).toContain('"proxy.local" is neither');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('reads good values', () => {
    const c = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgresql://u:p@db:5432/atrium',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://atrium.example.com/',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com,',
    });
    expect(c).toMatchObject({
      port: 9090,
      databaseUrl: 'postgresql://u:p@db:5432/atrium',
      jwtSecret: 'x'.repeat(32),
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      publicUrl: 'https://atrium.example.com',
      logLevel: 'warn',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      // An external database gets no demo accounts unless asked for.
      seedDemo: false,
    });
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/atrium', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DB_RESTART_TIMEOUT_SECONDS: '5' }).dbRestartTimeoutSeconds).toBe(5);
    expect(loadConfig({ DRAIN_SECONDS: '10' }).drainSeconds).toBe(10);
    expect(loadConfig({ KEEP_ALIVE_SECONDS: '620' }).keepAliveSeconds).toBe(620);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://x'],
    ['PUBLIC_URL', 'nope'],
    ['LOG_LEVEL', 'loud'],
    ['DB_RESTART_TIMEOUT_SECONDS', '0'],
    ['DB_RESTART_TIMEOUT_SECONDS', 'soon'],
    ['DRAIN_SECONDS', '-1'],
    ['DRAIN_SECONDS', 'later'],
    ['KEEP_ALIVE_SECONDS', '0'],
    ['KEEP_ALIVE_SECONDS', 'long'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    const err = errorOf({ [name]: value });
    expect(err.message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(err.message).toContain(JSON.stringify(value));
    // Only the bad variable is named.
    for (const other of VARIABLES.filter((v) => v !== name))
      expect(err.message).not.toMatch(new RegExp(`\\b${other}:`));
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'rk_live_51HxQpL2eZvKYlo2C0aBcDeF'],
    ['STRIPE_WEBHOOK_SECRET', 'wh_1Mq9XyZaBcDeFgHiJkLm'],
    ['JWT_SECRET', 'too-short-but-secret'],
    ['METRICS_TOKEN', 'tiny-token'],
    ['TELEGRAM_BOT_TOKEN', 'not a token: 77:secret'],
    ['TELEGRAM_WEBHOOK_SECRET', 'bad secret!'],
  ])('rejects %s naming the variable and its rule, not its value', (name, value) => {
    const err = errorOf({ [name]: value });
    expect(err.message).toMatch(new RegExp(`\\b${name}: \\S`));
    expect(err.message).toContain(`a hidden value of ${value.length} characters`);
    expect(err.message).not.toContain(value);
    expect(err.message).not.toContain(value.slice(0, 8));
  });

  it('hides the password of a URL in a configuration error', () => {
    const bad = errorOf({ DATABASE_URL: 'mysql://atrium:Pa55-w0rd@db:3306/atrium' }).message;
    expect(bad).toContain('"mysql://atrium:***@db:3306/atrium"');
    expect(bad).not.toContain('Pa55-w0rd');
    const smtp = errorOf({ SMTP_URL: 'http://mailer:s3cr3t@mail.example.com' }).message;
    expect(smtp).toContain('SMTP_URL: must start with smtp:// or smtps://');
    expect(smtp).not.toContain('s3cr3t');
    const direct = errorOf({ DATABASE_DIRECT_URL: 'postgres://atrium:direct-pw@db/atrium?password=again' }).message;
    expect(direct).toContain('DATABASE_DIRECT_URL: needs DATABASE_URL');
    expect(direct).not.toContain('direct-pw');
    expect(direct).not.toContain('again');
  });

  it('reads STORAGE_URL: a folder, or an S3 bucket and prefix with its endpoint; one line for a bad value', () => {
    expect(loadConfig({ STORAGE_URL: 'file:///srv/atrium%20files' }).storage).toEqual({
      driver: 'file',
      root: '/srv/atrium files',
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://atrium-media/prod/',
        STORAGE_S3_ENDPOINT: 'http://minio:9000/',
        AWS_REGION: 'eu-1',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'atrium-media',
      prefix: 'prod/',
      endpoint: 'http://minio:9000',
      region: 'eu-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_URL: 's3://atrium-media' }).storage).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    for (const bad of ['s3://A_B/x', 's3://ab', 'uploads', 'file://relative/path']) {
      const message = errorOf({ STORAGE_URL: bad }).message.split('\n');
      expect(message).toEqual([
        'Invalid configuration:',
        expect.stringMatching(
          /^ {2}STORAGE_URL: must be file:\/\/\/absolute\/folder or s3:\/\/bucket\/prefix .*\(got ".*"\)$/,
        ),
      ]);
    }
    expect(errorOf({ STORAGE_S3_ENDPOINT: 'http://minio:9000' }).message).toContain(
      'STORAGE_S3_ENDPOINT: needs STORAGE_URL=s3://bucket/prefix (got nothing)',
    );
  });

  it('names every bad variable in one error', () => {
    const err = errorOf({ PORT: 'abc', LOG_LEVEL: 'loud', SMTP_URL: 'http://x' });
    for (const name of ['PORT', 'LOG_LEVEL', 'SMTP_URL']) expect(err.message).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
