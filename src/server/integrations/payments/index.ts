import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { settings } from '../../db/schema';
import { SandboxProvider } from './sandbox';
import { StripeProvider } from './stripe';
import type { PaymentProvider } from './types';
import { one } from '../../db/rows';

export type { PaymentProvider, ProviderEvent } from './types';

type Providers = { sandbox: SandboxProvider; stripe: StripeProvider | null; online: PaymentProvider };
const cache = new WeakMap<AppContext, Promise<Providers>>();

/** The sandbox's signing secret: generated once, kept in the settings table (like the JWT secret). */
async function sandboxSecret(ctx: AppContext): Promise<string> {
  await ctx.db
    .insert(settings)
    .values({ key: 'sandbox_webhook_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const row = one(await ctx.db.select().from(settings).where(eq(settings.key, 'sandbox_webhook_secret')));
  return String(row.value);
}

async function build(ctx: AppContext): Promise<Providers> {
  const sandbox = new SandboxProvider(ctx.config.publicUrl, await sandboxSecret(ctx));
  const p = ctx.config.payments;
  const stripe =
    p.stripeSecretKey && p.stripeWebhookSecret
      ? new StripeProvider({
          secretKey: p.stripeSecretKey,
          webhookSecret: p.stripeWebhookSecret,
          apiBase: p.stripeApiBase,
        })
      : null;
  return { sandbox, stripe, online: p.provider === 'stripe' && stripe ? stripe : sandbox };
}

/** The providers of this app: the configured one takes new payments; both receive their events. */
export function providers(ctx: AppContext): Promise<Providers> {
  let p = cache.get(ctx);
  if (!p) {
    p = build(ctx);
    p.catch(() => cache.delete(ctx));
    cache.set(ctx, p);
  }
  return p;
}

/** The provider that owns payments made through `name` (for renewals and webhooks). */
export async function providerNamed(ctx: AppContext, name: string): Promise<PaymentProvider | null> {
  const all = await providers(ctx);
  if (name === 'sandbox') return all.sandbox;
  if (name === 'stripe') return all.stripe;
  return null;
}
