import { useState, type MouseEvent } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { Link } from 'react-router-dom';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorText } from '../../common/errors';
import { useLeadQueueAction, type QueueOutcome } from './hooks';

const W = (key: string) => `atrium.leads.${key}`;

/** The person page of a lead the caller now looks after. */
export const personPath = (id: number) => `/user/view-details/${String(id)}`;

/**
 * Take to work / Reject for some waiting leads, then one message: how many were done (with a link to
 * the person page when it was one lead taken), the server's 'User is already taken by another
 * consultant' for those someone was faster with, and any other failure.
 */
function useQueueRun(action: 'take' | 'reject') {
  const translate = useTranslate();
  const notify = useNotify();
  const mutation = useLeadQueueAction(action);
  const report = ({ done, taken, failed }: QueueOutcome) => {
    const lines = [
      ...(done.length ? [translate(W(action === 'take' ? 'taken' : 'rejected'), { smart_count: done.length })] : []),
      ...(taken[0] ? [errorText(taken[0], translate)] : []),
      ...(failed.length ? [errorText(failed[0], translate)] : []),
    ];
    const severity = taken.length || failed.length ? (done.length ? 'warning' : 'error') : 'success';
    const only = action === 'take' && done.length === 1 ? done[0] : undefined;
    notify(
      <Alert
        severity={severity}
        variant="filled"
        sx={{ whiteSpace: 'pre-line' }}
        action={
          only === undefined ? undefined : (
            <Button color="inherit" size="small" component={Link} to={personPath(only)}>
              {translate(W('open_person'))}
            </Button>
          )
        }
      >
        {lines.join('\n')}
      </Alert>,
      { autoHideDuration: 8000 },
    );
  };
  return {
    run: (ids: number[], onDone?: (outcome: QueueOutcome) => void) => {
      // mutateAsync, not mutate's own callbacks: those are dropped when the button unmounts, which it
      // does when the bell's push refetches the lead (no longer waiting) before the answer is handled.
      void mutation.mutateAsync(ids).then((outcome) => {
        report(outcome);
        onDone?.(outcome);
      });
    },
    isPending: mutation.isPending,
  };
}

type Props = { ids: number[]; onDone?: (outcome: QueueOutcome) => void; size?: 'small' | 'medium' };

const quiet = (e: MouseEvent) => {
  // A button inside a clickable row must not open the row too.
  e.stopPropagation();
};

/** "Take to work" for one or more waiting leads. */
export function TakeButton({ ids, onDone, size = 'small' }: Props) {
  const translate = useTranslate();
  const { run, isPending } = useQueueRun('take');
  return (
    <Button
      size={size}
      variant="contained"
      startIcon={<AssignmentIndOutlined />}
      disabled={isPending || !ids.length}
      onClick={(e) => {
        quiet(e);
        run(ids, onDone);
      }}
    >
      {translate(W('take'))}
    </Button>
  );
}

/** "Reject" for one or more waiting leads, after a confirmation. */
export function RejectButton({ ids, onDone, size = 'small' }: Props) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, isPending } = useQueueRun('reject');
  return (
    <>
      <Button
        size={size}
        color="error"
        startIcon={<BlockOutlined />}
        disabled={isPending || !ids.length}
        onClick={(e) => {
          quiet(e);
          setOpen(true);
        }}
      >
        {translate(W('reject'))}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={W('reject_title')}
        titleTranslateOptions={{ smart_count: ids.length }}
        content={W('reject_content')}
        confirm={W('reject')}
        confirmColor="warning"
        onConfirm={() => {
          run(ids, (outcome) => {
            setOpen(false);
            onDone?.(outcome);
          });
        }}
        onClose={(e: MouseEvent) => {
          quiet(e);
          setOpen(false);
        }}
      />
    </>
  );
}

/** Both actions side by side, for a row or a lead's brief. */
export function QueueActions(props: Props) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TakeButton {...props} />
      <RejectButton {...props} />
    </Stack>
  );
}
