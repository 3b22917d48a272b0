import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  RecordContextProvider,
  Title,
  TopToolbar,
  useCreate,
  useGetIdentity,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { List } from '../../common/List';
import type { SchemaImportStatus, SchemaUserImport, SchemaUserImportSaved } from '../../../api/schema';
import { useNotifyError } from '../../common/errors';
import { ListError } from '../../common/ListError';
import { useProviderMutation } from '../../providers/data/providerHooks';
import { useGetDetail } from '../../providers/data/detail';
import { FilterTabs } from '../../common/FilterTabs';
import { SharedFilterForm } from '../../common/SharedFilterForm';
import { InstantField } from '../../common/fields';
import { TABLE_FITS } from '../../common/tableFits';
import { ImportMapping } from './ImportMapping';
import { IMPORTS_LIST } from './reads';

const T = (key: string) => `atrium.imports.${key}`;
const STATUSES: SchemaImportStatus[] = ['uploaded', 'mapped', 'running', 'completed', 'failed'];
const STATUS_CHOICES = STATUSES.map((id) => ({ id, name: T(`statuses.${id}`) }));
const busy = (imp: SchemaUserImport) => imp.status === 'running' || imp.status === 'mapped';
/** While an import is queued or running, the list (and its tab counts) refresh every second. */
const POLL_MS = 1000;

/** The time now, ticking every second while `on` (for the speed of a running import). */
function useNow(on: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => {
      setNow(Date.now());
    }, POLL_MS);
    return () => {
      clearInterval(id);
    };
  }, [on]);
  return on ? now : null;
}

/** Seconds as "1 h 02 min", "3 min 05 s" or "12 s". */
function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${pad(s % 60)} s`;
  return `${s} s`;
}

/** Rows per second since the start and the time left, while running. */
function Speed({ imp }: { imp: SchemaUserImport }) {
  const translate = useTranslate();
  const now = useNow(imp.status === 'running');
  if (now === null || !imp.started_at) return null;
  const done = imp.success + imp.skipped;
  const seconds = (now - Date.parse(imp.started_at)) / 1000;
  if (!done || seconds <= 0) return null;
  const rate = done / seconds;
  return (
    <Typography variant="caption" color="text.secondary" data-testid="import-speed">
      {translate(T('rate'), { rate: Math.round(rate), left: duration((imp.total - done) / rate) })}
    </Typography>
  );
}

/** The status, with the progress bar and speed while the import is queued or running. */
function StatusField() {
  const imp = useRecordContext<SchemaUserImport>();
  const translate = useTranslate();
  if (!imp) return null;
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2">{translate(T(`statuses.${imp.status}`))}</Typography>
      {busy(imp) && <LinearProgress variant="determinate" value={imp.progress} sx={{ my: 0.5 }} />}
      <Speed imp={imp} />
    </Box>
  );
}

/**
 * What the list's actions tell the page: an upload just deleted (its mapping closes if it is open), and
 * an upload to continue (its mapping opens).
 */
const UploadActions = createContext<{ deleted: (id: number) => void; continued: (id: number) => void }>({
  deleted: () => undefined,
  continued: () => undefined,
});

/**
 * For an upload never started: continue it (its mapping step opens again, #40 finding 17) or delete it
 * (with a confirmation); resume for one that failed.
 */
function ImportActions() {
  const imp = useRecordContext<SchemaUserImport>();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const { deleted, continued } = useContext(UploadActions);
  const notify = useNotify();
  // startImport reads every list again.
  const resume = useProviderMutation('startImport', { onError: notifyError });
  if (imp?.status === 'uploaded')
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => {
            continued(imp.id);
          }}
        >
          {translate(T('continue'))}
        </Button>
        <DeleteWithConfirmButton
          label={T('delete')}
          confirmTitle={T('delete_title')}
          confirmContent={translate(T('delete_confirm'), { name: imp.file_name })}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{
            // Replaces react-admin's own success handling: its notice is given here.
            onSuccess: () => {
              notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
              deleted(imp.id);
            },
          }}
        />
      </Stack>
    );
  if (imp?.status === 'failed')
    return (
      <Button
        size="small"
        disabled={resume.isPending}
        onClick={() => {
          resume.mutate([
            imp.id,
            {
              mapping: imp.mapping ?? {},
              consultant_id: imp.consultant?.id,
              tag_id: imp.tag?.id ?? 0,
              ...(imp.default_region && { default_region: imp.default_region }),
              ...(imp.time_zone && { time_zone: imp.time_zone }),
              ...(imp.default_country && { default_country: imp.default_country }),
              ...(imp.language && { language: imp.language }),
              ...(imp.send_invitations !== undefined && { send_invitations: imp.send_invitations }),
            },
          ]);
        }}
      >
        {translate(T('resume'))}
      </Button>
    );
  return null;
}

/**
 * The rows the import left out and those it took with warnings, by the file's line number (the
 * first 100), and the download of all the rows it left out with their reasons.
 */
function WarningsField() {
  const imp = useRecordContext<SchemaUserImport>();
  const translate = useTranslate();
  if (!imp) return null;
  return (
    <>
      {imp.warnings.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={translate(T('reasons'))}>
          {imp.warnings.map((w) => (
            <li key={w.row}>{translate(T(w.skipped ? 'row' : 'row_warning'), { row: w.row, reason: w.reason })}</li>
          ))}
        </Box>
      )}
      <RejectedRowsButton />
    </>
  );
}

/** Saves the server's CSV of the rows an import skipped (with their reasons) as a file. */
function RejectedRowsButton() {
  const imp = useRecordContext<SchemaUserImport>();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const download = useProviderMutation('importRejectedRows', {
    onSuccess: (blob, [id]) => {
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `rejected-rows-${String(id)}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    },
    onError: notifyError,
  });
  if (!imp?.skipped) return null;
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={download.isPending}
      onClick={() => {
        download.mutate([imp.id]);
      }}
      sx={{ mt: 0.5 }}
    >
      {translate(T('download_rejected'))}
    </Button>
  );
}

/** The four figures: imported and skipped rows make up the total; warnings are imported rows with warnings. */
function Figures({ imp }: { imp: SchemaUserImport }) {
  const translate = useTranslate();
  return (
    <Typography>
      {translate(T('total'))}: <b>{imp.total}</b> · {translate(T('success'))}: <b>{imp.success}</b> ·{' '}
      {translate(T('skipped'))}: <b>{imp.skipped}</b> · {translate(T('warnings'))}: <b>{imp.warnings_count}</b>
    </Typography>
  );
}

const uploader = (imp: SchemaUserImport) =>
  imp.created_by ? `${imp.created_by.first_name} ${imp.created_by.last_name}`.trim() : '';

/** On a phone, each import as a card: seven columns do not fit. */
function ImportCards() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<SchemaUserImport>();
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate(T('empty'))}
      </Typography>
    );
  return (
    <Stack spacing={1.5} sx={{ p: 1 }}>
      {data.map((imp) => (
        <RecordContextProvider key={imp.id} value={imp}>
          <Card variant="outlined" data-testid={`import-${imp.id}`}>
            <CardContent>
              <Stack direction="row" justifyContent="space-between" flexWrap="wrap" useFlexGap columnGap={1}>
                <Typography variant="subtitle1" sx={{ wordBreak: 'break-all' }}>
                  {imp.file_name}
                </Typography>
                <InstantField source="created_at" />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {uploader(imp)}
              </Typography>
              <StatusField />
              <Figures imp={imp} />
              <WarningsField />
              <ImportActions />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** The status tabs; their counts refresh with the list while one of its imports runs. */
function StatusTabs() {
  const { data } = useListContext<SchemaUserImport>();
  return (
    <FilterTabs
      // The counts are read again whenever an import on the page changes status (their last poll
      // may come before the import finishes: "Completed (0)" next to a completed import).
      version={data?.map((i) => i.status).join()}
      source="status"
      label={T('status')}
      choices={STATUS_CHOICES}
      all={T('all')}
      refetchInterval={data?.some(busy) ? POLL_MS : false}
    />
  );
}

/** The file, who uploaded it and when, in one cell: the table keeps its actions on a 1366 px screen. */
function FileCell() {
  const imp = useRecordContext<SchemaUserImport>();
  if (!imp) return null;
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {imp.file_name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {uploader(imp)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <InstantField source="created_at" />
      </Typography>
    </Stack>
  );
}

/** The four figures, one under the other. */
function FiguresCell() {
  const imp = useRecordContext<SchemaUserImport>();
  const translate = useTranslate();
  if (!imp) return null;
  const rows: [string, number][] = [
    ['total', imp.total],
    ['success', imp.success],
    ['skipped', imp.skipped],
    ['warnings', imp.warnings_count],
  ];
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {rows.map(([key, n]) => (
        <Typography key={key} variant="body2" component="div">
          {translate(T(key))}: <b>{n}</b>
        </Typography>
      ))}
    </Box>
  );
}

/**
 * Five columns, the file and the figures each in one cell, so the skip reasons and "Download rejected
 * rows" stay on a 1366 px screen, German too (#40 finding 14); a reason wraps inside its column.
 */
function ImportsTable() {
  const translate = useTranslate();
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={false}
      empty={
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate(T('empty'))}
        </Typography>
      }
    >
      <DataTable.Col source="file_name" label={T('file')} sx={{ maxWidth: 220 }}>
        <FileCell />
      </DataTable.Col>
      <DataTable.Col source="status" label={T('status')}>
        <StatusField />
      </DataTable.Col>
      <DataTable.Col source="total" label={T('rows')} disableSort>
        <FiguresCell />
      </DataTable.Col>
      <DataTable.Col source="id" label=" " disableSort>
        <ImportActions />
      </DataTable.Col>
      <DataTable.Col
        source="warnings"
        label={T('reasons')}
        disableSort
        sx={{ minWidth: 220, '& li': { overflowWrap: 'anywhere' } }}
      >
        <WarningsField />
      </DataTable.Col>
    </DataTable>
  );
}

/** Upload a .csv: the server answers with its first rows, which the mapping step shows. */
function UploadButton({ onSaved }: { onSaved: (saved: SchemaUserImportSaved) => void }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [create, { isPending }] = useCreate<{ file: File }, Error, SchemaUserImportSaved>();
  const upload = (file: File) =>
    create(
      'imports',
      { data: { file } },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          refresh();
        },
        onError: notifyError,
      },
    );
  return (
    <Button variant="contained" component="label" disabled={isPending}>
      {translate(T('upload'))}
      <input
        hidden
        type="file"
        accept=".csv,text/csv"
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
    </Button>
  );
}

/**
 * The mapping step of an upload continued from the list: the import is read again with its preview (a
 * list row has none), and the step is brought into view (the list is below it).
 */
function ContinuedMapping({ id, consultantId, onClosed }: { id: number; consultantId: number; onClosed: () => void }) {
  const notifyError = useNotifyError();
  const { data } = useGetDetail<SchemaUserImportSaved>(
    'imports',
    { id },
    {
      onError: (e) => {
        notifyError(e);
        onClosed();
      },
    },
  );
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(data?.preview);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  if (!data?.preview) return <LinearProgress sx={{ my: 2 }} />;
  return (
    <Box ref={ref} sx={{ scrollMarginTop: 64 }}>
      <ImportMapping saved={data} consultantId={data.consultant?.id ?? consultantId} onStarted={onClosed} />
    </Box>
  );
}

/** Upload a .csv, map its columns, start; the list refreshes while an import runs. */
export default function ImportsPage() {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { data: me } = useGetIdentity();
  // The mapping step open: of the file just uploaded (its answer has the preview), or of an upload continued from the list.
  const [saved, setSaved] = useState<SchemaUserImportSaved | null>(null);
  const [continuedId, setContinuedId] = useState<number | null>(null);
  const consultantId = Number(me?.id ?? 0);
  const actions = useMemo(
    () => ({
      deleted: (id: number) => {
        setSaved((open) => (open?.id === id ? null : open));
        setContinuedId((open) => (open === id ? null : open));
      },
      continued: (id: number) => {
        setSaved(null);
        setContinuedId(id);
      },
    }),
    [],
  );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate(T('title'))} />
      <TopToolbar sx={{ justifyContent: 'flex-start', minHeight: 0, p: 0 }}>
        <UploadButton
          onSaved={(upload) => {
            setContinuedId(null);
            setSaved(upload);
          }}
        />
      </TopToolbar>
      {saved && (
        <ImportMapping
          key={saved.id}
          saved={saved}
          consultantId={consultantId}
          onStarted={() => {
            setSaved(null);
          }}
        />
      )}
      {continuedId !== null && (
        <ContinuedMapping
          key={continuedId}
          id={continuedId}
          consultantId={consultantId}
          onClosed={() => {
            setContinuedId(null);
          }}
        />
      )}
      <List
        {...IMPORTS_LIST}
        title=" "
        actions={false}
        exporter={false}
        empty={false}
        error={<ListError />}
        disableSyncWithLocation={false}
        sx={TABLE_FITS}
        queryOptions={{
          refetchInterval: (q) =>
            (q.state.data?.data as SchemaUserImport[] | undefined)?.some(busy) ? POLL_MS : false,
        }}
      >
        {/* The tabs are the list's only filter, a field of its filter form as on every list (common/FilterTabs). */}
        <SharedFilterForm>
          <StatusTabs />
        </SharedFilterForm>
        <UploadActions.Provider value={actions}>{phone ? <ImportCards /> : <ImportsTable />}</UploadActions.Provider>
      </List>
    </Box>
  );
}
