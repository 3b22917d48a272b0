import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
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
