import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { fmtDateTime, useFmtMoney, useTimeZone } from './format';
import type { SchemaBookAdmin } from '../../api/schema';

/** An ISO instant as DD/MM/YYYY HH:mm in the admin's time zone; `emptyText` (a key) when null. */
export function InstantField({ source, emptyText }: { source: string; label?: string; emptyText?: string }) {
  const record = useRecordContext<Record<string, string | null>>();
  const tz = useTimeZone();
  const translate = useTranslate();
  const value = record?.[source];
  if (!value) return emptyText ? <Chip size="small" label={translate(emptyText)} /> : null;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {fmtDateTime(value, tz)}
    </Typography>
  );
}

/** An amount in USD ("12.50") the way the interface language writes money, kept on one line. */
export function MoneyField({ source }: { source: string; label?: string }) {
  const record = useRecordContext<Record<string, string | null>>();
  const money = useFmtMoney();
  const value = record?.[source];
  if (!value) return null;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {money(value)}
    </Typography>
  );
}

/** A price: "Free" for free books, else the price in the interface language ("$12.50", "12,50 $"). */
export function PriceField() {
  const record = useRecordContext<SchemaBookAdmin>();
  const translate = useTranslate();
  const money = useFmtMoney();
  if (!record) return null;
  return <span>{record.is_free ? translate('atrium.books.free') : money(record.price)}</span>;
}

/** A small image thumbnail (covers, previews), or nothing. */
export function ThumbField({
  source,
  ratio = '16 / 9',
  width = 64,
}: {
  source: string;
  label?: string;
  ratio?: string;
  width?: number;
}) {
  const record = useRecordContext<Record<string, string | null>>();
  const src = record?.[source];
  if (!src) return <Box sx={{ width, aspectRatio: ratio, bgcolor: 'action.hover', borderRadius: 0.5 }} />;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      sx={{ width, aspectRatio: ratio, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
    />
  );
}
