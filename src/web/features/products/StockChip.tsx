import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaProductBrief } from '../../../api/schema';

/** Made to order, the pieces left, or out of stock. */
export function StockChip({ product }: { product: SchemaProductBrief }) {
  const translate = useTranslate();
  if (product.made_to_order)
    return <Chip size="small" color="info" variant="outlined" label={translate('atrium.products.made_to_order')} />;
  if (!product.in_stock)
    return <Chip size="small" variant="outlined" label={translate('atrium.products.out_of_stock')} />;
  return (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      label={translate('atrium.products.in_stock', { count: product.stock ?? 0 })}
    />
  );
}
