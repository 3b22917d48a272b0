import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { SchemaStructureUser } from '../../../api/schema';
import { errorText, fieldErrorsOf } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { useMutation } from '../../providers/data/query';
import { StaffPicker } from '../../staff/list/StaffPicker';

const L = (key: string) => `atrium.person.actions.${key}`;

/**
 * The selected people grouped by the consultant responsible for them (known for the rows of this page):
 * each group moves in one call (manager/give_away_user, all or nothing); the rest one by one.
 */
function groupsOf(ids: number[], rows: SchemaStructureUser[]) {
  const byFrom = new Map<number, number[]>();
  const single: number[] = [];
  for (const id of ids) {
    const from = rows.find((r) => r.id === id)?.responsible?.id;
    if (from === undefined) single.push(id);
    else byFrom.set(from, [...(byFrom.get(from) ?? []), id]);
  }
  return { byFrom, single };
}

/**
 * "Hand over" for the rows selected in the structure list: the dialog picks the consultant and its
 * button confirms. The count moved is told in a toast; a refusal (someone moved a person first, a
 * consultant out of reach) stays in the dialog with the server's words, and the list is read again.
 */
export function BulkHandOverButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const { selectedIds, data, onUnselectItems } = useListContext<SchemaStructureUser>();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<number | ''>('');
  const [error, setError] = useState('');
  const ids = selectedIds.map(Number);
  const move = useMutation({
    mutationFn: async (to: number) => {
      const { byFrom, single } = groupsOf(ids, data ?? []);
      let moved = 0;
      for (const [from, users] of byFrom) {
        if (from !== to) moved += (await dataProvider.handOverUsers(from, to, users)).moved;
      }
      for (const id of single) moved += (await dataProvider.giveAwayUser(id, to)).moved;
      return moved;
    },
    onSuccess: (moved) => {
      notify(L('hand_over_done'), { type: 'success', messageArgs: { smart_count: moved } });
      setOpen(false);
      onUnselectItems();
      refresh();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      setError(
        fields.to_consultant_id ?? fields.consultant_id ?? fields.from_consultant_id ?? errorText(err, translate),
      );
      refresh();
    },
  });
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<SwapHoriz />}
        onClick={() => {
          setTarget('');
          setError('');
          setOpen(true);
        }}
      >
        {translate(L('hand_over'))}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="bulk-hand-over-title">
        <DialogTitle id="bulk-hand-over-title">
          {translate(L('hand_over_many_title'), { smart_count: ids.length })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{translate(L('hand_over_content'))}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <StaffPicker value={target} onChange={setTarget} label={translate(L('hand_over_to'))} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(L('cancel'))}</Button>
          <Button
            variant="contained"
            disabled={target === '' || move.isPending}
            onClick={() => {
              if (target !== '') move.mutate(target);
            }}
          >
            {translate(L('hand_over'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
