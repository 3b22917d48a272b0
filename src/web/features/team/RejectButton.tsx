import { useState } from 'react';
import { Button } from '@mui/material';
import PersonRemove from '@mui/icons-material/PersonRemove';
import { Confirm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useNotifyError } from '../../common/errors';
import { useProviderMutation } from '../../providers/data/providerHooks';

/** For the responsible consultant: give the user back to the waiting leads, after a confirmation. */
export function RejectButton({ userId, name }: { userId: number; name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  // rejectResponsibility reads every list again before this runs.
  const mutation = useProviderMutation('rejectResponsibility', {
    onSuccess: (res) => {
      notify(res.detail, { type: 'success' });
      redirect('/team?tab=waiting');
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
        color="warning"
        startIcon={<PersonRemove />}
        onClick={() => {
          setOpen(true);
        }}
      >
        {translate('atrium.team.details.reject')}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title="atrium.team.details.reject_title"
        titleTranslateOptions={{ name }}
        content="atrium.team.details.reject_content"
        onConfirm={() => {
          mutation.mutate([userId]);
        }}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}
