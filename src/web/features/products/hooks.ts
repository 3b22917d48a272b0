import { useCallback } from 'react';
import { useGetList, useGetOne } from 'react-admin';
import type { SchemaDeliveryDetails, SchemaProductBrief } from '../../../api/schema';
import { useProviderMutation, useProviderQuery } from '../../providers/data/providerHooks';

/** The published products (one page). */
export const useProducts = () =>
  useGetList<SchemaProductBrief>('products', { pagination: { page: 1, perPage: 500 } }, { placeholderData: (p) => p });

/** One published product. */
export const useProduct = (id: number) => useGetOne<SchemaProductBrief>('products', { id }, { enabled: id > 0 });

/** The member's own orders; read again while one waits for the provider's word on its payment. */
export const useMyOrders = () =>
  useProviderQuery('getMyOrders', [], {
    refetchInterval: (q) => (q.state.data?.some((o) => o.status === 'pending') ? 3000 : false),
  });

/** Orders one piece of a product with the delivery details; resolves with the payment page to open. */
export function usePurchaseProduct() {
  const { mutateAsync } = useProviderMutation('purchaseProduct');
  return useCallback(
    (productId: number, delivery: SchemaDeliveryDetails) => mutateAsync([productId, delivery]),
    [mutateAsync],
  );
}

/** Staff move an order on (sent, delivered, cancelled). */
export const useChangeOrderStatus = (onSuccess: () => void) => useProviderMutation('changeOrderStatus', { onSuccess });
