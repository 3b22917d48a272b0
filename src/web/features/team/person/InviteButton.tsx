import { useState } from 'react';
import { Button } from '@mui/material';
import MailOutline from '@mui/icons-material/MailOutline';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { useNotifyError } from '../../../common/errors';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { fullName } from './people';

/** Sends (or sends again) the invitation mail with a set-password link, after a confirmation. */
export function InviteButton({ person }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const send = useProviderMutation('sendInvitation', {
    onSuccess: (res) => {
      notify(res.detail, { type: 'success' });
    },
    onError: notifyError,
    onSettled: () => {
      setOpen(false);
    },
  });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MailOutline />}
        onClick={() => {
          setOpen(true);
        }}
      >
        {translate(person.invitation ? 'atrium.person.actions.invite_again' : 'atrium.person.actions.invite')}
      </Button>
      <Confirm
        isOpen={open}
        loading={send.isPending}
        title="atrium.person.actions.invite_title"
        titleTranslateOptions={{ name: fullName(person) }}
        content="atrium.person.actions.invite_content"
        contentTranslateOptions={{ email: person.email ?? '' }}
        onConfirm={() => {
          send.mutate([person.id]);
        }}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}
