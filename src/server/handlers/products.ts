import type { HandlerTable } from './types';
import { crud } from './admin-content';
import { signedIn } from '../http/guard';
import { contentRange, parseSimpleRest } from '../http/simple-rest';
import { getProduct, listProducts, productsResource } from '../services/products/catalogue';
import {
  changeOrderStatus,
  getStaffOrder,
  listMyOrders,
  listStaffOrders,
  purchaseProduct,
  STAFF_ORDER_FILTERS,
  STAFF_ORDERS_SORTABLE,
  type StaffOrderFilter,
} from '../services/products/orders';

const adminProducts = crud(productsResource);

/** Brand products: the shop, a member's orders, staff's orders and the admin catalogue. */
export const productsHandlers: HandlerTable = {
  listProducts: async (req) => listProducts(req.server.ctx),
  getProduct: async (req) => getProduct(req.server.ctx, req.params.id),
  purchaseProduct: async (req) => purchaseProduct(req.server.ctx, signedIn(req), req.body),
  listMyOrders: async (req) => listMyOrders(req.server.ctx, signedIn(req)),

  listStaffOrders: async (req, reply) => {
    const w = parseSimpleRest<StaffOrderFilter>(
      req.query,
      STAFF_ORDERS_SORTABLE,
      ['created_at', 'DESC'],
      STAFF_ORDER_FILTERS,
    );
    const { rows, total } = await listStaffOrders(req.server.ctx, signedIn(req), w);
    contentRange(reply, 'staff/orders', w.offset, rows.length, total);
    return rows;
  },
  getStaffOrder: async (req) => getStaffOrder(req.server.ctx, signedIn(req), req.params.id),
  changeOrderStatus: async (req) => changeOrderStatus(req.server.ctx, signedIn(req), req.params.id, req.body.status),

  listAdminProducts: adminProducts.list,
  getAdminProduct: adminProducts.get,
  createAdminProduct: adminProducts.create,
  updateAdminProduct: adminProducts.update,
  deleteAdminProduct: adminProducts.remove,
};
