import { expect } from '@playwright/test';

const MAIL_HTTP = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 18026}`;

type Received = { to: string[]; subject: string; text: string; html: string; at: string };

/** Waits for the `n`-th mail to `to` (1-based) at the SMTP peer and returns it. */
export async function waitForMail(to: string, n = 1): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAIL_HTTP}/messages?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as Received[];
        found = list[n - 1];
        return list.length;
      },
      { timeout: 15_000, message: `mail #${n} to ${to}` },
    )
    .toBeGreaterThanOrEqual(n);
  return found!;
}

/** Waits for a mail to `to` with this subject (an address other specs mail too) and returns it. */
export async function waitForMailAbout(to: string, subject: string): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAIL_HTTP}/messages?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as Received[]).find((m) => m.subject === subject);
        return !!found;
      },
      { timeout: 15_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's plain text whose path starts with `pathPrefix`, as a path + query. */
export function linkIn(mail: Received, pathPrefix: string): string {
  for (const m of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(m[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
}
