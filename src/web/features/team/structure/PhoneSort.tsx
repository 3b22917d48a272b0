import { IconButton, MenuItem, Stack, TextField } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useListContext, useTranslate } from 'react-admin';
import type { SchemaStructureChoices } from '../../../../api/schema';

/**
 * The list's order on a phone, where no column headers are drawn to click: the sortable columns by the
 * server's labels, and the direction.
 */
export function PhoneSort({ columns }: { columns: SchemaStructureChoices['columns'] }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const sortable = columns.filter((c) => c.sortable);
  const order = sort.order === 'ASC' ? 'ASC' : 'DESC';
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, px: 2, pb: 1 }}>
      <TextField
        select
        size="small"
        label={translate('atrium.team.structure.sort_by')}
        value={sortable.some((c) => c.key === sort.field) ? sort.field : ''}
        onChange={(e) => {
          setSort({ field: e.target.value, order });
        }}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {sortable.map((c) => (
          <MenuItem key={c.key} value={c.key}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={translate(`ra.sort.${order}`)}
        onClick={() => {
          setSort({ field: sort.field, order: order === 'ASC' ? 'DESC' : 'ASC' });
        }}
      >
        {order === 'ASC' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
      </IconButton>
    </Stack>
  );
}
