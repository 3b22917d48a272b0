import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import { DatePicker, PICKER_FORMAT } from '../../common/pickers';
import type { SchemaStatisticsPeriod } from '../../../api/schema';
import { PERIODS, type usePeriod } from './usePeriod';

// Room for a whole DD/MM/YYYY and the calendar button, which a row of fields would otherwise squeeze.
const DATE_WIDTH = { minWidth: 180 };

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
          <DatePicker
            label={translate('atrium.statistics.date_from')}
            value={state.from ? dayjs(state.from) : null}
            onChange={(d) => {
              if (!d || d.isValid()) state.setFrom(d ? d.format('YYYY-MM-DD') : '');
            }}
            format={PICKER_FORMAT.date}
            enableAccessibleFieldDOMStructure={false}
            slotProps={{ textField: { size: 'small', name: 'date_from', sx: DATE_WIDTH } }}
          />
          <DatePicker
            label={translate('atrium.statistics.date_to')}
            value={state.to ? dayjs(state.to) : null}
            onChange={(d) => {
              if (!d || d.isValid()) state.setTo(d ? d.format('YYYY-MM-DD') : '');
            }}
            format={PICKER_FORMAT.date}
            enableAccessibleFieldDOMStructure={false}
            slotProps={{
              textField: {
                size: 'small',
                name: 'date_to',
                sx: DATE_WIDTH,
                // One message, under the last day, for a range that ends before it starts.
                error: state.reversed,
                helperText: state.reversed ? translate('atrium.statistics.range_reversed') : undefined,
              },
            }}
          />
        </>
      )}
    </Stack>
  );
}
