import { Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SchemaConfigAdmin } from '../../../../api/schema';

/** A config value as it is: text, a number, yes/no, or empty. */
export function ConfigValueField(_: { label?: string }) {
  const record = useRecordContext<SchemaConfigAdmin>();
  const translate = useTranslate();
  if (!record) return null;
  const v = record.value;
  if (v === null) return <Chip size="small" label={translate('atrium.admin.configs.empty')} />;
  if (typeof v === 'boolean')
    return (
      <Chip
        size="small"
        color={v ? 'success' : 'default'}
        label={translate(v ? 'ra.boolean.true' : 'ra.boolean.false')}
      />
    );
  return (
    <Typography
      variant="body2"
      sx={{ fontFamily: typeof v === 'number' ? 'monospace' : undefined, overflowWrap: 'anywhere' }}
    >
      {String(v)}
    </Typography>
  );
}
