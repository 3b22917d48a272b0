import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  MenuItem,
  TextField,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Form, InputHelperText, useInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { validatorsFor } from '../../../api/validators';
import { errorText, fieldErrorsOf, useFormAlert } from '../../common/errors';
import { useProviderQuery } from '../../providers/data/providerHooks';

const L = (key: string) => `atrium.person.actions.${key}`;

type Props = {
  /** The dialog's title (who is moved). */
  title: string;
  /** Moves the people to the chosen consultant and resolves with how many moved; `options` are the form's other fields. */
  move: (to: number, options: Record<string, unknown>) => Promise<number>;
  /** The one person handed over, when one: their own consultant is not offered. */
  person?: number;
  /** Inputs of the form shown under the picker (e.g. "all people of …"), their values given to `move`. */
  children?: ReactNode;
  /** Called after a move, e.g. to clear a list's selection. */
  onMoved?: () => void;
  variant?: 'text' | 'outlined';
  size?: 'small' | 'medium';
};
type Values = { to?: number | '' } & Record<string, unknown>;

// The form's one own field, the consultant the people go to (GiveAwayUserRequest.consultant_id).
const rules = validatorsFor('GiveAwayUserRequest');
// The dialog's form is not about the record of the page or row it opens from.
const NO_RECORD = {};

/**
 * The consultant picked among those the server says the user may hand people to (any active colleague,
 * not only the user's own structure: #40 finding 12); the form holds their id.
 */
function TargetInput({ person }: { person?: number }) {
  const translate = useTranslate();
  const choices = useProviderQuery('getHandOverChoices', [person]);
  const { field, fieldState } = useInput({
    source: 'to',
    validate: rules.consultant_id,
    format: (v: unknown) => v ?? '',
    parse: (v: unknown) => v,
  });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const options = choices.data?.results ?? [];
  const none = choices.isSuccess && !options.length;
  return (
    <TextField
      select
      fullWidth
      label={translate(L('hand_over_to'))}
      value={typeof field.value === 'number' && options.some((o) => o.id === field.value) ? field.value : ''}
      onChange={(e) => {
        field.onChange(Number(e.target.value));
      }}
      disabled={none}
      error={!!error || choices.isError}
      helperText={
        error ? (
          <InputHelperText error={error} />
        ) : choices.isError ? (
          errorText(choices.error, translate)
        ) : none ? (
          translate(L('hand_over_nobody'))
        ) : undefined
      }
    >
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>{`${s.first_name} ${s.last_name}${s.email ? ` · ${s.email}` : ''}`}</MenuItem>
      ))}
    </TextField>
  );
}

/** The confirming button: off until a consultant is picked, and while the move runs. */
function HandOverSubmit() {
  const translate = useTranslate();
  const to = useWatch<Values, 'to'>({ name: 'to' });
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={to === undefined || to === '' || isSubmitting}>
      {translate(L('hand_over'))}
    </Button>
  );
}

function Refusal() {
  const alert = useFormAlert();
  return alert ? <Alert severity="error">{alert}</Alert> : null;
}

/**
 * "Hand over" (moving people to another consultant), from a person's page and from the structure
 * list's selection: the dialog's form picks the consultant and its button confirms. The count moved is
 * told in a toast and every list is read again; a refusal (someone moved a person first, a consultant
 * out of reach) stays in the dialog with the server's words, and the lists are read again too.
 */
export function HandOverDialog({ title, move, person, children, onMoved, variant, size }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  // `move` may be several provider calls (a bulk hand-over per consultant): a plain async step, not a mutation.
  const handOver = async ({ to, ...options }: Values) => {
    if (typeof to !== 'number') return undefined;
    try {
      const moved = await move(to, options);
      notify(L('hand_over_done'), { type: 'success', messageArgs: { smart_count: moved } });
      setOpen(false);
      onMoved?.();
      return undefined;
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const said = fields.to_consultant_id ?? fields.consultant_id ?? fields.from_consultant_id;
      return { root: { server: said ?? errorText(err, translate) } };
    } finally {
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
          setOpen(true);
        }}
      >
        {translate(L('hand_over'))}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="hand-over-title">
        <Form<Values> record={NO_RECORD} onSubmit={handOver} noValidate disableInvalidFormNotification>
          <DialogTitle id="hand-over-title">{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <DialogContentText>{translate(L('hand_over_content'))}</DialogContentText>
              <Refusal />
              <TargetInput person={person} />
              {children}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate(L('cancel'))}</Button>
            <HandOverSubmit />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
