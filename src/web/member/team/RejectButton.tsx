import { useState } from 'react';
import { Button } from '@mui/material';
import PersonRemove from '@mui/icons-material/PersonRemove';
import { Confirm, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useNotifyError } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { useMutation, useQueryClient } from '../../providers/data/query';

/** For the responsible consultant: give the user back to the waiting leads, after a confirmation. */
export function RejectButton({ userId, name }: { userId: number; name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => dataProvider.rejectResponsibility(userId),
    onSuccess: async (res) => {
      notify(res.detail, { type: 'success' });
      await client.invalidateQueries();
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
          mutation.mutate();
        }}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}
