import { eq, ilike, sql } from 'drizzle-orm';
import type { SchemaProductAdmin, SchemaProductAdminUpdate } from '../../../api/schema';
import type { AppContext } from '../../context';
import { products } from '../../db/schema';
import { FieldErrors, notFound } from '../../errors';
import type { Resource } from '../admin/content/engine';
import { given, html, IMAGE, link } from '../admin/content/fields';
import { like } from '../admin/content/resources';
import { centsToMoney, moneyToCents } from '../content/money';
import { iso, rowsOf } from '../payments/common';

/** Admin: the catalogue, served by the admin content engine (`/admin/products`). */
export const productsResource: Resource<typeof products, SchemaProductAdminUpdate, SchemaProductAdmin> = {
  name: 'admin/products',
  table: products,
  sortable: { id: products.id, name: products.name, price: products.priceCents, stock: products.stock },
  defaultSort: ['id', 'DESC'],
  filters: {
    q: (v) => ilike(products.name, like(v)),
    is_published: (v) => eq(products.isPublished, v === true || v === 'true'),
  },
  required: { name: 'name', priceCents: 'price' },
  columns: (_ctx, input) => ({
    name: input.name,
    madeToOrder: input.made_to_order,
    stock: input.stock,
    isPublished: input.is_published,
    description: given(input.description, html),
    photos: given(input.photos, (list) => list.map((p) => link('photos', p, IMAGE) ?? '').filter(Boolean)),
    priceCents: given(input.price, (price) => {
      const cents = moneyToCents(price);
      if (!Number.isFinite(cents) || cents <= 0) throw FieldErrors.of('price', 'product_price_invalid');
      return cents;
    }),
  }),
  view: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    photos: r.photos,
    price: centsToMoney(r.priceCents),
    made_to_order: r.madeToOrder,
    stock: r.stock,
    is_published: r.isPublished,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
  constraintFields: {},
};

type ProductRow = {
  id: number;
  name: string;
  description: string;
  photos: string[];
  price_cents: number;
  made_to_order: boolean;
  stock: number;
};

/** A product as members see it. */
function productView(r: ProductRow) {
  return {
    id: r.id,
    name: r.name,
    photos: r.photos,
    description: r.description,
    price: centsToMoney(r.price_cents),
    made_to_order: r.made_to_order,
    in_stock: r.made_to_order || r.stock > 0,
    stock: r.made_to_order ? null : r.stock,
  };
}

const SELECT = sql`select id, name, description, photos, price_cents, made_to_order, stock from products`;

/** The published products, newest first; members never see a draft. */
export async function listProducts(ctx: AppContext) {
  const rows = await rowsOf<ProductRow>(
    ctx.db,
    sql`${SELECT} where is_published order by created_at desc nulls last, id desc nulls last limit 500`,
  );
  return rows.map(productView);
}

export async function getProduct(ctx: AppContext, id: number) {
  const [row] = await rowsOf<ProductRow>(ctx.db, sql`${SELECT} where id = ${id} and is_published`);
  if (!row) throw notFound();
  return productView(row);
}
