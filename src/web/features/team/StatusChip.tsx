import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaLeadStatus } from '../../../api/schema';

const COLOR = { waiting: 'warning', processing: 'info', active: 'success', not_active: 'default' } as const;

/** A lead status (Waiting, Processing, Active, Not active) as a small coloured chip. */
export function StatusChip({ status }: { status: SchemaLeadStatus }) {
  const translate = useTranslate();
  return (
    <Chip size="small" variant="outlined" color={COLOR[status]} label={translate(`atrium.team.statuses.${status}`)} />
  );
}
