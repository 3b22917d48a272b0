import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import { useNotify, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { useNotifyError } from '../../../common/errors';
import { fmtDateTime, useTimeZone } from '../../../common/format';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { fullName } from './people';

const L = (key: string) => `atrium.person.actions.${key}`;

/** Creates a one-hour reset-credentials link after a confirmation, then shows it with a copy button. */
export function ResetLinkButton({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const tz = useTimeZone();
  const [open, setOpen] = useState(false);
  const create = useProviderMutation('createResetCredentialsLink', { onError: notifyError });
  // The link made in this opening of the dialog (the mutation's answer; closing forgets it).
  const link = create.data;
  const close = () => {
    setOpen(false);
    create.reset();
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify(L('copied'), { type: 'success' });
    } catch {
      notify(L('copy_failed'), { type: 'error' });
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Key />}
        onClick={() => {
          setOpen(true);
        }}
      >
        {translate(L('reset_link'))}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="reset-link-title">
        <DialogTitle id="reset-link-title">{translate(L('reset_title'), { name: fullName(person) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate(L('reset_content'))}</DialogContentText>
          {link && (
            <TextField
              fullWidth
              label={translate(L('reset_link_label'), { time: fmtDateTime(link.expires_at, tz) })}
              value={link.link}
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': 'reset-link' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={translate(L('copy'))}>
                        <IconButton aria-label={translate(L('copy'))} onClick={() => void copy(link.link)}>
                          <ContentCopy />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(L(link ? 'close' : 'cancel'))}</Button>
          {!link && (
            <Button
              variant="contained"
              disabled={create.isPending}
              onClick={() => {
                create.mutate([person.id]);
              }}
            >
              {translate(L('reset_create'))}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
