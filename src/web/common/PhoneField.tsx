import { useMemo } from 'react';
import { Typography } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import { fmtPhone } from './phone';

// Apart from fields.tsx, which most lists use: those that show no phone do not load libphonenumber (phone.ts).
/** A phone (stored in E.164) in the international format, kept on one line. */
export function PhoneField({ source }: { source: string; label?: string }) {
  const record = useRecordContext<Record<string, string | null>>();
  const value = record?.[source];
  if (!value) return null;
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {fmtPhone(value)}
    </Typography>
  );
}

/**
 * The record of the context with its stored phone grouped as the lists show it ("+44 20 7946 0958", not
 * "+442079460958"): an edit form's record, so the phone input opens as the person reads it elsewhere. Only
 * what the form opens with is grouped (a typed number is left as typed); the server reads both forms.
 */
export function usePhoneShownRecord(source = 'phone'): RaRecord | undefined {
  const record = useRecordContext();
  return useMemo(() => {
    const phone: unknown = record?.[source];
    return record && typeof phone === 'string' && phone ? { ...record, [source]: fmtPhone(phone) } : record;
  }, [record, source]);
}
