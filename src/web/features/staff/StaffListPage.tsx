import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  Confirm,
  DataTable,
  EmailField,
  Form,
  FunctionField,
  NumberInput,
  RecordContextProvider,
  SearchInput,
  Title,
  TopToolbar,
  useListContext,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../../common/List';
import { validatorsFor } from '../../../api/validators';
import { PersonDialog } from '../team/public';
import { GiveAwayButton } from './GiveAwayDialog';
import { useTagsGroups } from './hooks';
import { RemoveButton } from './RemoveDialog';
import { useStaffAction as useAction, type Staff } from './useStaffAction';
import { WorkTimesButton } from './WorkTimesDialog';
import { ListError } from '../../common/ListError';
import { useUrlDialog, useUrlParam } from '../../common/urlState';

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
        {translate('atrium.staff.list.unblock')}
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
        {translate('atrium.staff.list.block')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('atrium.staff.list.block_title', { name: `${record.first_name} ${record.last_name}` })}
        content={translate('atrium.staff.list.block_content')}
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

// The contract's limits of a consultant's daily lead limit and rating.
const settingsRules = validatorsFor('ConsultantSettingsRequest');

/** A consultant's daily lead limit and rating, a react-admin <Form> in a dialog (`?settings=<id>`). */
function SettingsButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const { open, show, close } = useUrlDialog('settings', record?.id);
  const { run, isPending } = useAction();
  if (!record) return null;
  return (
    <>
      <Button size="small" onClick={show}>
        {translate('atrium.staff.list.settings')}
      </Button>
      <Dialog open={open} onClose={close}>
        <Form
          defaultValues={{ daily_limit: record.daily_lead_limit ?? 20, rating: record.rating ?? 1 }}
          onSubmit={(v: { daily_limit?: number; rating?: number }) => {
            run(record, { action: 'settings', daily_limit: Number(v.daily_limit), rating: Number(v.rating) }, close);
          }}
          noValidate
        >
          <DialogTitle>{`${record.first_name} ${record.last_name}`}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <NumberInput
                source="daily_limit"
                label="atrium.staff.list.limit"
                min={0}
                max={10000}
                validate={settingsRules.daily_limit}
                helperText="atrium.staff.list.limit_help"
              />
              <NumberInput
                source="rating"
                label="atrium.staff.list.rating"
                min={1}
                max={5}
                validate={settingsRules.rating}
                helperText="atrium.staff.list.rating_help"
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('atrium.staff.list.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              {translate('atrium.staff.list.save')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/**
 * One row from a tablet up: the toolbar keeps its own width (react-admin's TopToolbar shrinks beside the
 * search form, and a wrapping toolbar then put the buttons under each other). A phone wraps them.
 */
const ROSTER_TOOLBAR = {
  alignItems: 'center',
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  flexShrink: { sm: 0 },
} as const;
/** Beside the buttons in a narrow column from a tablet up (its own line on a phone). */
const NO_TAGS = { whiteSpace: 'normal', flexBasis: { xs: '100%', sm: 'auto' }, maxWidth: { sm: 360 } } as const;

/**
 * Create lead / create partner, in the roster's toolbar beside the search (`?create=lead`, `?create=partner`).
 * Every new person needs a tag: with none to pick, the buttons are off and say why instead of opening a
 * form that cannot be saved.
 */
function RosterActions() {
  const translate = useTranslate();
  const [open, setOpen] = useUrlParam('create');
  const tags = useTagsGroups();
  const noTags = tags.isSuccess && !tags.data.tags.length;
  return (
    <TopToolbar sx={ROSTER_TOOLBAR}>
      {noTags && (
        <Typography variant="body2" color="text.secondary" data-testid="roster-no-tags" sx={NO_TAGS}>
          {translate('atrium.staff.list.no_tags')}
        </Typography>
      )}
      <Button
        variant="contained"
        size="small"
        disabled={noTags}
        onClick={() => {
          setOpen('lead');
        }}
      >
        {translate('atrium.staff.people.new_lead')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        disabled={noTags}
        onClick={() => {
          setOpen('partner');
        }}
      >
        {translate('atrium.staff.people.new_partner')}
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
    ? 'atrium.staff.list.no_match'
    : isAdmin
      ? 'atrium.staff.list.empty'
      : 'atrium.staff.list.empty_structure';
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

const statusKey = (r: Staff) => (r.is_blocked ? 'atrium.staff.list.blocked' : 'atrium.staff.list.active');

/** A consultant routing can never offer a lead to: no working day in their week (none on a fresh install). */
const noWorkTimes = (r: Staff) => !r.is_blocked && !!r.work_times && r.work_times.every((d) => d.is_day_off);

const WRAPPING_CHIP = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } };

/** "No work times" beside the status, where an admin looks for why nobody gets leads (#40 finding 17). */
function NoWorkTimesChip({ beside = false }: { beside?: boolean }) {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  if (!record || !noWorkTimes(record)) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      data-testid="no-work-times"
      label={translate('atrium.staff.list.no_work_times')}
      // Its label wraps: on a phone's card the Russian one is wider than the screen on one line.
      sx={{ ...(beside ? { ml: 1 } : { my: 0.5 }), ...WRAPPING_CHIP }}
    />
  );
}

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
          <Card variant="outlined" data-testid="roster-card">
            <CardContent sx={{ pb: 1 }}>
              <Typography variant="subtitle1">{`${r.first_name} ${r.last_name}`}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[r.email, translate(statusKey(r))].filter(Boolean).join(' · ')}
              </Typography>
              <NoWorkTimesChip />
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
      <Title title={translate('atrium.staff.list.title')} />
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
            <DataTable.Col label="atrium.staff.list.name">
              <FunctionField<Staff> render={(r) => `${r.first_name} ${r.last_name}`} />
            </DataTable.Col>
            <DataTable.Col source="email" label="atrium.staff.list.email">
              <EmailField source="email" />
            </DataTable.Col>
            <DataTable.Col label="atrium.staff.list.status">
              <FunctionField<Staff> render={(r) => translate(statusKey(r))} />
              <NoWorkTimesChip beside />
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
