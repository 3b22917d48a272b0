import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { api, unwrap } from '../../../api/client';

/** Picks an employee the caller may view as (from the staff statistics list) and opens view-as. */
export function StaffSwitch({ pathOf }: { pathOf: (id: number) => string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const staff = useQuery({
    queryKey: ['staff', 'switch', search],
    queryFn: () => unwrap(api.POST('/accounts/dashboard/staff_statistics/', { params: { query: { search: search || undefined, page_size: 20, ordering: 'last_name' } }, body: {} })),
  });
  const options = staff.data?.results.map((r) => r.user) ?? [];
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 240 }}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(u) => `${u.first_name} ${u.last_name}`.trim()}
      onInputChange={(_e, v) => setSearch(v)}
      onChange={(_e, u) => u && navigate(pathOf(u.id))}
      renderInput={(params) => <TextField {...params} label={translate('atrium.staff.view_as.open')} />}
    />
  );
}
