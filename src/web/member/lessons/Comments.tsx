import { useState, type FormEvent } from 'react';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity, useNotify, usePermissions, useTranslate } from 'react-admin';
import { api, ApiError, unwrap } from '../../../api/client';
import type { SchemaLessonComment } from '../../../api/schema';
import { contractRules } from '../../../api/validators';
import { fieldErrorLines } from '../../providers/data/errors';
import { fmtDateTime, useTimeZone } from '../common/format';
import { Section } from '../common/MemberPage';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../common/States';

const PAGE_SIZE = 20;
// A comment's length limit is the contract's.
const MAX = contractRules.LessonCommentCreate.text.maxLength;

/** The server's reason for a failed call, as the error catalogue shows it. */
function errorText(err: unknown, translate: (k: string) => string) {
  if (err instanceof ApiError) {
    if (err.status === 400) return fieldErrorLines(err) || translate('atrium.errors.generic');
    if (err.status >= 500) return translate('atrium.errors.server');
    return err.message;
  }
  return translate('atrium.errors.network');
}

/**
 * The comments of a lesson, newest first, with the author and time; the member adds one, the author
 * deletes their own, admins hide, show or delete any. A hidden comment is gone for everyone else; its
 * author sees only that it was hidden.
 */
export function Comments({ lessonId }: { lessonId: number }) {
  const translate = useTranslate();
  const queryKey = ['comments', lessonId] as const;
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      unwrap(api.GET('/navigator/comments/', { params: { query: { lesson: lessonId, page: pageParam, page_size: PAGE_SIZE } } })),
    getNextPageParam: (last) => (last.next ? last.current + 1 : undefined),
  });
  const comments = query.data?.pages.flatMap((p) => p.results) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  return (
    <Section title={translate('atrium.learning.comments.title', { smart_count: count, count })} id="comments-heading">
      <CommentForm lessonId={lessonId} />
      <Box sx={{ mt: 2 }} data-testid="comments">
        {query.isPending ? (
          <LoadingBlock minHeight={80} />
        ) : query.error ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : comments.length ? (
          <Stack spacing={2}>
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} lessonId={lessonId} />
            ))}
            {query.hasNextPage && (
              <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
                {translate('atrium.learning.comments.more')}
              </Button>
            )}
          </Stack>
        ) : (
          <EmptyBlock text={translate('atrium.learning.comments.empty')} />
        )}
      </Box>
    </Section>
  );
}

function CommentForm({ lessonId }: { lessonId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim()) {
      setError(translate('atrium.learning.comments.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/navigator/comments/', { body: { text: text.trim(), lesson: lessonId } }));
      setText('');
      notify('atrium.learning.comments.added', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['comments', lessonId] });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setError(fields.text ?? errorText(err, translate));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextField
        name="comment"
        label={translate('atrium.learning.comments.your_comment')}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, MAX))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        error={Boolean(error)}
        helperText={error ?? translate('atrium.learning.comments.hint', { count: text.length, max: MAX })}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('atrium.learning.comments.send')}
        </Button>
      </Stack>
    </Box>
  );
}

function CommentItem({ comment, lessonId }: { comment: SchemaLessonComment; lessonId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const tz = useTimeZone();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  const isAdmin = permissions === 'admin';
  const mine = identity?.id === comment.author.id;
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = `${comment.author.first_name} ${comment.author.last_name}`.trim();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['comments', lessonId] });

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      await refresh();
    } catch (err) {
      notify(errorText(err, translate), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };
  const remove = () =>
    act(() => unwrap(api.DELETE('/navigator/comments/{id}/', { params: { path: { id: comment.id } } })), 'atrium.learning.comments.deleted');
  const moderate = (hide: boolean) =>
    act(
      () => unwrap(api.POST('/navigator/comments/{id}/moderation/', { params: { path: { id: comment.id } }, body: { is_hidden: hide } })),
      hide ? 'atrium.learning.comments.hidden_done' : 'atrium.learning.comments.shown_done',
    );

  // Hidden by a moderator: others never get it; its author sees only that it was hidden.
  const hiddenForMe = comment.is_hidden && !isAdmin;
  return (
    <Stack direction="row" spacing={1.5} data-testid="comment" sx={{ opacity: comment.is_hidden ? 0.7 : 1 }}>
      <Avatar src={comment.author.avatar ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span">
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={comment.created_at}>
            {fmtDateTime(comment.created_at, tz)}
          </Typography>
          {comment.is_hidden && isAdmin && <Chip size="small" label={translate('atrium.learning.comments.hidden')} />}
        </Stack>
        {hiddenForMe ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {translate('atrium.learning.comments.hidden_for_author')}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-text">
            {comment.text}
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        {isAdmin && (
          <Tooltip title={translate(comment.is_hidden ? 'atrium.learning.comments.show' : 'atrium.learning.comments.hide')}>
            <IconButton
              size="small"
              disabled={busy}
              onClick={() => void moderate(!comment.is_hidden)}
              aria-label={translate(comment.is_hidden ? 'atrium.learning.comments.show' : 'atrium.learning.comments.hide')}
            >
              {comment.is_hidden ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        {(mine || isAdmin) && (
          <Tooltip title={translate('atrium.learning.comments.delete')}>
            <IconButton size="small" disabled={busy} onClick={() => setConfirm(true)} aria-label={translate('atrium.learning.comments.delete')}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby={`delete-comment-${comment.id}`}>
        <DialogTitle id={`delete-comment-${comment.id}`}>{translate('atrium.learning.comments.delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('atrium.learning.comments.delete_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
            {translate('atrium.learning.comments.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
