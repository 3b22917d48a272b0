import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
} from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../api/schema';
import { errorText, fieldErrorsOf } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { useMutation, useQueryClient } from '../../providers/data/query';
import { StaffPicker } from '../list/StaffPicker';
import { fullName } from './people';

const L = (key: string) => `atrium.person.actions.${key}`;

/**
 * Hands the person (or every person of their responsible consultant) to another consultant. The
 * dialog's button is the confirmation; a move someone else made first is refused with the server's words.
 */
export function HandOverButton({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<number | ''>('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState('');
  const from = person.responsible;
  const move = useMutation({
    mutationFn: (to: number) =>
      all && from ? dataProvider.handOverUsers(from.id, to, []) : dataProvider.giveAwayUser(person.id, to),
    onSuccess: async (res) => {
      notify(L('hand_over_done'), { type: 'success', messageArgs: { smart_count: res.moved } });
      setOpen(false);
      await client.invalidateQueries();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      setError(fields.consultant_id ?? fields.to_consultant_id ?? errorText(err, translate));
    },
  });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SwapHoriz />}
        onClick={() => {
          setTarget('');
          setAll(false);
          setError('');
          setOpen(true);
        }}
      >
        {translate(L('hand_over'))}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        fullWidth
        maxWidth="xs"
        aria-labelledby="hand-over-title"
      >
        <DialogTitle id="hand-over-title">{translate(L('hand_over_title'), { name: fullName(person) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{translate(L('hand_over_content'))}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <StaffPicker value={target} onChange={setTarget} exclude={from?.id} label={translate(L('hand_over_to'))} />
            {from && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={all}
                    onChange={(e) => {
                      setAll(e.target.checked);
                    }}
                  />
                }
                label={translate(L('hand_over_all'), { name: fullName(from) })}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false);
            }}
          >
            {translate(L('cancel'))}
          </Button>
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
