import { useRef, useState } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Title, useDataProvider, useGetIdentity, useGetList, useNotify, useTranslate } from 'react-admin';
import type { SchemaUserImport, SchemaUserImportSaved } from '../../../api/schema';
import { ImportMapping } from './ImportMapping';

function ImportCard({ imp }: { imp: SchemaUserImport }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={`import-${imp.id}`}>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap">
          <Typography variant="subtitle1">{imp.file_name}</Typography>
          <Typography color="text.secondary">{translate(`atrium.admin.imports.statuses.${imp.status}`)}</Typography>
        </Stack>
        {(imp.status === 'running' || imp.status === 'mapped') && <LinearProgress variant="determinate" value={imp.progress} sx={{ my: 1 }} />}
        <Typography>
          {translate('atrium.admin.imports.total')}: <b>{imp.total}</b> · {translate('atrium.admin.imports.success')}: <b>{imp.success}</b> ·{' '}
          {translate('atrium.admin.imports.skipped')}: <b>{imp.skipped}</b>
        </Typography>
        {imp.warnings.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={translate('atrium.admin.imports.warnings')}>
            {imp.warnings.map((w) => (
              <li key={w.row}>{translate('atrium.admin.imports.row', { row: w.row, reason: w.reason })}</li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Upload a .csv, map its columns, start; the list refreshes while an import runs. */
export default function ImportsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data: me } = useGetIdentity();
  const input = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState<SchemaUserImportSaved | null>(null);
  const [busy, setBusy] = useState(false);
  const { data = [], refetch } = useGetList<SchemaUserImport>('imports', { pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' } }, {
    refetchInterval: (q) => ((q.state.data?.data ?? []).some((i) => i.status === 'running' || i.status === 'mapped') ? 1000 : false),
  });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await dataProvider.create('imports', { data: { file } });
      setSaved(res.data as SchemaUserImportSaved);
      await refetch();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('atrium.admin.imports.title')} />
      <Button variant="contained" component="label" disabled={busy}>
        {translate('atrium.admin.imports.upload')}
        <input ref={input} hidden type="file" accept=".csv,text/csv" data-testid="import-file" onChange={(e) => upload(e.target.files?.[0])} />
      </Button>
      {saved && (
        <ImportMapping
          key={saved.id}
          saved={saved}
          consultantId={Number(me?.id ?? 0)}
          onStarted={() => {
            setSaved(null);
            void refetch();
          }}
        />
      )}
      <Stack spacing={2} sx={{ mt: 2 }}>
        {data.length === 0 && <Typography color="text.secondary">{translate('atrium.admin.imports.empty')}</Typography>}
        {data.map((imp) => (
          <ImportCard key={imp.id} imp={imp} />
        ))}
      </Stack>
    </Box>
  );
}
