import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { HttpError, useTranslate } from 'react-admin';
import { errorText } from './errors';

/** A centred spinner with an accessible name, while a block loads. */
export function LoadingBlock({ minHeight = 160 }: { minHeight?: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }} role="status" aria-live="polite">
      <CircularProgress size={32} aria-label={translate('atrium.loading')} />
    </Box>
  );
}

/**
 * What went wrong, in the member's words: not found, the server's reason for another refusal, a
 * server error, or no connection; with a retry. Reads the provider's failures (react-admin's HttpError).
 */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const translate = useTranslate();
  let text = translate('atrium.errors.server');
  if (error instanceof HttpError) {
    if (error.status === 404) text = translate('atrium.learning.common.not_found');
    else if (error.status < 500 && !error.message.startsWith('HTTP ')) text = errorText(error, translate);
  } else if (error instanceof TypeError) {
    text = translate('atrium.errors.network');
  }
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('atrium.learning.common.retry')}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}

/** A quiet "nothing here yet" with an optional action. */
export function EmptyBlock({ text, icon, action }: { text: string; icon?: ReactNode; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        py: 4,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
      }}
      data-testid="empty-state"
    >
      <Box sx={{ '& svg': { fontSize: 40, opacity: 0.6 } }}>{icon ?? <InboxOutlined />}</Box>
      <Typography>{text}</Typography>
      {action}
    </Box>
  );
}

/** Loading, error or the content, for a react-query result. */
export function QueryState<T>({
  query,
  children,
  minHeight,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
  minHeight?: number;
}) {
  if (query.isPending) return <LoadingBlock minHeight={minHeight} />;
  if (query.error || query.data === undefined)
    return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
