import { api, unwrap } from '../../../api/client';
import type { SchemaDeliveryDetails } from '../../../api/schema';
import { ADMIN_RESOURCE_FIELDS as FIELDS } from '../../providers/data/fields';
import { invalidating } from '../../providers/data/invalidation';
import { simpleRestResource } from '../../providers/data/simpleRestResources';
import type { ResourceAdapter } from '../../providers/data/types';

const id = (value: number) => ({ params: { path: { id: value } } });

/** `products` → products/…: the published products (one page) and one product, as members see them. */
export const productsAdapter: ResourceAdapter = {
  async getList() {
    const list = await unwrap(api.GET('/products/list/'));
    return { data: list, total: list.length };
  },
  async getOne(_resource, { id: key }) {
    return { data: await unwrap(api.GET('/products/view/{id}/', id(Number(key)))) };
  },
};

/** `admin/products` → /api/admin/products: the catalogue admins keep. */
export const adminProductsAdapter = simpleRestResource('admin/products', FIELDS.products);

/** `staff/orders` → /api/staff/orders: the orders staff follow (read only; the status changes by changeOrderStatus). */
export const staffOrdersAdapter = simpleRestResource('staff/orders');

/** What the shop does that is not a resource: the member's orders, buying, staff moving an order on. */
export const productsMethods = {
  /** The caller's own orders, newest first. */
  getMyOrders: () => unwrap(api.GET('/products/orders/')),
  /** Orders one piece: the answer's payment_url is opened to pay; the orders and the shop are read again. */
  purchaseProduct: invalidating(
    { invalidates: ['getMyOrders', 'products'] },
    (productId: number, delivery: SchemaDeliveryDetails) =>
      unwrap(api.POST('/products/purchase/', { body: { product: productId, delivery } })),
  ),
  /** Marks an order sent, delivered or cancelled; the order lists and the record are read again. */
  changeOrderStatus: invalidating(
    { invalidates: ['staff/orders'] },
    (orderId: number, status: 'sent' | 'delivered' | 'cancelled') =>
      unwrap(api.POST('/staff/orders/{id}/status', { ...id(orderId), body: { status } })),
  ),
};
