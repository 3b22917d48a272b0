import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaStatisticsPeriod } from '../../api/schema';
import type { usePeriod } from './usePeriod';

const PERIODS: SchemaStatisticsPeriod[] = ['today', 'week', 'month', 'quarter', 'half_year', 'year', 'range'];

export function PeriodPicker({ state }: { state: ReturnType<typeof usePeriod> }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        size="small"
        label={translate('atrium.statistics.period')}
        value={state.period}
        onChange={(e) => {
          state.setPeriod(e.target.value as SchemaStatisticsPeriod);
        }}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'period' } }}
      >
        {PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`atrium.statistics.periods.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {state.period === 'range' && (
        <>
          <TextField
            type="date"
            size="small"
            label={translate('atrium.statistics.date_from')}
            value={state.from}
            onChange={(e) => {
              state.setFrom(e.target.value);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={translate('atrium.statistics.date_to')}
            value={state.to}
            onChange={(e) => {
              state.setTo(e.target.value);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
    </Stack>
  );
}
