import { useState, type ReactNode } from 'react';
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
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorText, fieldErrorsOf } from '../../common/errors';
import { StaffPicker } from '../staff/StaffPicker';

const L = (key: string) => `atrium.person.actions.${key}`;

type Props = {
  /** The dialog's title (who is moved). */
  title: string;
  /** Moves the people to the chosen consultant and resolves with how many moved. */
  move: (to: number) => Promise<number>;
  /** A consultant not offered (the one the people are moved from). */
  exclude?: number;
  /** Options shown under the picker (e.g. "all people of …"). */
  children?: ReactNode;
  /** Called when the dialog opens, to reset the caller's options. */
  onOpen?: () => void;
  /** Called after a move, e.g. to clear a list's selection. */
  onMoved?: () => void;
  variant?: 'text' | 'outlined';
  size?: 'small' | 'medium';
};

/**
 * "Hand over" (moving people to another consultant), from a person's page and from the structure
 * list's selection: the dialog picks the consultant and its button confirms. The count moved is told
 * in a toast and every list is read again; a refusal (someone moved a person first, a consultant out
 * of reach) stays in the dialog with the server's words, and the lists are read again too.
 */
export function HandOverDialog({ title, move, exclude, children, onOpen, onMoved, variant, size }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<number | ''>('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // `move` may be several provider calls (a bulk hand-over per consultant): a plain async step, not a mutation.
  const handOver = async (to: number) => {
    setBusy(true);
    try {
      const moved = await move(to);
      notify(L('hand_over_done'), { type: 'success', messageArgs: { smart_count: moved } });
      setOpen(false);
      onMoved?.();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setError(
        fields.to_consultant_id ?? fields.consultant_id ?? fields.from_consultant_id ?? errorText(err, translate),
      );
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<SwapHoriz />}
        onClick={() => {
          setTarget('');
          setError('');
          onOpen?.();
          setOpen(true);
        }}
      >
        {translate(L('hand_over'))}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="hand-over-title">
        <DialogTitle id="hand-over-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{translate(L('hand_over_content'))}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <StaffPicker value={target} onChange={setTarget} exclude={exclude} label={translate(L('hand_over_to'))} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(L('cancel'))}</Button>
          <Button
            variant="contained"
            disabled={target === '' || busy}
            onClick={() => {
              if (target !== '') void handOver(target);
            }}
          >
            {translate(L('hand_over'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
