import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { StaffStatisticsFilter, StaffStatisticsRecord } from '../../statistics/data';

/** Picks an employee the caller may view as (from the staff statistics list) and opens view-as. */
export function StaffSwitch({ pathOf }: { pathOf: (id: number) => string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const filter: StaffStatisticsFilter = { q: search };
  const staff = useGetList<StaffStatisticsRecord>('staff-statistics', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'last_name', order: 'ASC' },
    filter,
  });
  const options = staff.data?.map((r) => r.user) ?? [];
  return (
    <Autocomplete
      size="small"
      // Its own width beside a page's title: an Autocomplete takes all it is given, and squeezed the title mid-word.
      sx={{ width: { xs: '100%', sm: 320 } }}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(u) => `${u.first_name} ${u.last_name}`.trim()}
      onInputChange={(_e, v) => {
        setSearch(v);
      }}
      onChange={(_e, u) => {
        if (u) void navigate(pathOf(u.id));
      }}
      renderInput={(params) => <TextField {...params} label={translate('atrium.staff.view_as.open')} />}
    />
  );
}
