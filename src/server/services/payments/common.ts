import type { AppContext } from '../../context';

export type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
export type Executor = AppContext['db'] | Tx;

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** Rows of a raw query, typed (drizzle's execute on a transaction or the pool). */
export async function rowsOf<T>(db: Executor, query: Parameters<AppContext['db']['execute']>[0]): Promise<T[]> {
  const { rows } = await db.execute(query);
  return rows as T[];
}

/** Where a card donation's payer comes back to: their donations, which thank them for this one (MyDonations). */
export const donationReturnPath = (paymentId: number) => `/subscription?donation=${paymentId}#donations`;

/** Where a product's payer comes back to: the shop, which lists their orders (products/orders.ts). */
export const PRODUCTS_RETURN_PATH = '/products#orders';
