import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaBookBrief } from '../../../api/schema';
import { useFmtMoney } from '../../common/format';

/** Free, the price, or where the member's purchase stands. */
export function PriceChip({
  book,
}: {
  book: Pick<SchemaBookBrief, 'is_free' | 'price' | 'purchased' | 'purchase_status'>;
}) {
  const translate = useTranslate();
  const money = useFmtMoney();
  if (book.is_free) return <Chip size="small" color="success" label={translate('atrium.books.free')} />;
  if (book.purchased || book.purchase_status === 'paid')
    return <Chip size="small" color="primary" label={translate('atrium.books.purchased')} />;
  if (book.purchase_status === 'pending')
    return <Chip size="small" color="warning" label={translate('atrium.books.pending')} />;
  return <Chip size="small" variant="outlined" label={money(book.price)} />;
}
