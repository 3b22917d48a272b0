import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField as MuiTextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  Confirm,
  DataTable,
  EmailField,
  FunctionField,
  List,
  RecordContextProvider,
  SearchInput,
  Title,
  TopToolbar,
  useListContext,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PersonDialog } from '../team/person/PersonDialog';
import { GiveAwayButton } from './GiveAwayDialog';
import { RemoveButton } from './RemoveDialog';
import { useStaffAction as useAction, type Staff } from './useStaffAction';
import { WorkTimesButton } from './WorkTimesDialog';
import { ListError } from '../../common/ListError';

function BlockButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, isPending } = useAction();
  if (!record) return null;
  if (record.is_blocked) {
    return (
      <Button
        size="small"
        onClick={() => {
          run(record, { action: 'block', block: false });
        }}
        disabled={isPending}
      >
        {translate('atrium.admin.list.unblock')}
      </Button>
    );
  }
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => {
          setOpen(true);
        }}
      >
        {translate('atrium.admin.list.block')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('atrium.admin.list.block_title', { name: `${record.first_name} ${record.last_name}` })}
        content={translate('atrium.admin.list.block_content')}
        onConfirm={() => {
          run(record, { action: 'block', block: true }, () => {
            setOpen(false);
          });
        }}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}

function SettingsButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState('');
  const [rating, setRating] = useState('');
  const { run, isPending } = useAction();
  if (!record) return null;
  const show = () => {
    setLimit(String(record.daily_lead_limit ?? 20));
    setRating(String(record.rating ?? 1));
    setOpen(true);
  };
  return (
    <>
      <Button size="small" onClick={show}>
        {translate('atrium.admin.list.settings')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run(record, { action: 'settings', daily_limit: Number(limit), rating: Number(rating) }, () => {
              setOpen(false);
            });
          }}
        >
          <DialogTitle>{`${record.first_name} ${record.last_name}`}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <MuiTextField
                label={translate('atrium.admin.list.limit')}
                type="number"
                value={limit}
                onChange={(e) => {
                  setLimit(e.target.value);
                }}
                helperText={translate('atrium.admin.list.limit_help')}
                slotProps={{ htmlInput: { min: 0, max: 10000 } }}
              />
              <MuiTextField
                label={translate('atrium.admin.list.rating')}
                type="number"
                value={rating}
                onChange={(e) => {
                  setRating(e.target.value);
                }}
                helperText={translate('atrium.admin.list.rating_help')}
                slotProps={{ htmlInput: { min: 1, max: 5 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setOpen(false);
              }}
            >
              {translate('atrium.admin.list.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              {translate('atrium.admin.list.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** Create lead / create partner, above the roster. */
function RosterActions() {
  const translate = useTranslate();
  const [open, setOpen] = useState<'lead' | 'partner' | null>(null);
  return (
    <TopToolbar>
      <Button
        variant="contained"
        size="small"
        onClick={() => {
          setOpen('lead');
        }}
      >
        {translate('atrium.admin.people.new_lead')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        onClick={() => {
          setOpen('partner');
        }}
      >
        {translate('atrium.admin.people.new_partner')}
      </Button>
      <PersonDialog
        open={open === 'lead'}
        onClose={() => {
          setOpen(null);
        }}
      />
      <PersonDialog
        partner
        open={open === 'partner'}
        onClose={() => {
          setOpen(null);
        }}
      />
    </TopToolbar>
  );
}

/** No rows: nothing matches the search, or there are no consultants (in a consultant's structure) yet. */
function RosterEmpty() {
  const translate = useTranslate();
  const { canAccess: isAdmin } = useCanAccess({ action: 'list', resource: 'admin-tools' });
  const filterValues = useListContext().filterValues as { q?: string };
  const key = filterValues.q
    ? 'atrium.admin.list.no_match'
    : isAdmin
      ? 'atrium.admin.list.empty'
      : 'atrium.admin.list.empty_structure';
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(key)}
    </Typography>
  );
}

/** The actions on the row's consultant. */
function RowActions() {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <SettingsButton />
      <WorkTimesButton />
      <GiveAwayButton />
      <BlockButton />
      <RemoveButton />
    </Stack>
  );
}

const statusKey = (r: Staff) => (r.is_blocked ? 'atrium.admin.list.blocked' : 'atrium.admin.list.active');

/** On a phone, a card per consultant with the actions under the name: the table is wider than the screen. */
function RosterCards() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Staff>();
  if (isPending) return null;
  if (!data?.length) return <RosterEmpty />;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data.map((r) => (
        <RecordContextProvider key={r.id} value={r}>
          <Card variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Typography variant="subtitle1">{`${r.first_name} ${r.last_name}`}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[r.email, translate(statusKey(r))].filter(Boolean).join(' · ')}
              </Typography>
              <RowActions />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** The roster: consultants with their status and the actions on them (a consultant's: those of their structure). */
export default function StaffListPage() {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <>
      <Title title={translate('atrium.admin.list.title')} />
      <List
        resource="staff-users"
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        perPage={25}
        title=" "
        actions={<RosterActions />}
        empty={false}
        error={<ListError />}
        disableSyncWithLocation
      >
        {phone ? (
          <RosterCards />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false} empty={<RosterEmpty />}>
            <DataTable.Col label="atrium.admin.list.name">
              <FunctionField<Staff> render={(r) => `${r.first_name} ${r.last_name}`} />
            </DataTable.Col>
            <DataTable.Col source="email" label="atrium.admin.list.email">
              <EmailField source="email" />
            </DataTable.Col>
            <DataTable.Col label="atrium.admin.list.status">
              <FunctionField<Staff> render={(r) => translate(statusKey(r))} />
            </DataTable.Col>
            <DataTable.Col label="">
              <RowActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </>
  );
}
