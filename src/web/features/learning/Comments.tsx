import { useEffect, useRef, useState } from 'react';
import {
  Alert,
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
  Link,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Form,
  InputHelperText,
  useCanAccess,
  useCreate,
  useDelete,
  useGetIdentity,
  useInfiniteGetList,
  useInput,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { SchemaLessonComment, SchemaLessonCommentCreate } from '../../../api/schema';
import { contractRules, validatorsFor } from '../../../api/validators';
import { trimmed } from '../../common/trimmed';
import { errorText, fieldErrorsOf, useNotifyError } from '../../common/errors';
import { ResetAfterSubmit } from '../../common/forms';
import { fmtDateTime, useTimeZone } from '../../common/format';
import { useLearningRecord, useRefreshComments } from './hooks';
import { Section } from '../../common/MemberPage';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../common/States';

const PAGE_SIZE = 20;
// A comment's limits are the contract's; an empty one is 'Please, fill this field'.
const MAX = contractRules.LessonCommentCreate.text.maxLength;
const contract = validatorsFor('LessonCommentCreate', { text: { presence: 'atrium.learning.comments.required' } });
const rules = { text: trimmed(contract.text) };

const RESOURCE = 'learning/comments';
/** The query parameter of a comment's link: `/lesson/view/7?comment=42`. */
const LINKED = 'comment';

/**
 * The comment a link names (`?comment=`), read on its own (GET navigator/comments/{id}/) so it shows
 * above the list wherever it is in it (an older page not loaded yet), marked and scrolled to. One that
 * was deleted, hidden or is of another lesson is said to be gone.
 */
function LinkedComment({ lessonId, commentId }: { lessonId: number; commentId: number }) {
  const translate = useTranslate();
  const query = useLearningRecord(RESOURCE, commentId, { retry: false });
  const found = query.data?.lesson === lessonId ? query.data : undefined;
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!query.isPending) box.current?.scrollIntoView({ block: 'center' });
  }, [query.isPending]);
  if (query.isPending) return <LoadingBlock minHeight={80} />;
  return (
    <Box
      component="section"
      aria-labelledby="linked-comment-title"
      data-testid="linked-comment"
      ref={box}
      sx={{ mb: 2, p: 1.5, borderRadius: 1, border: 2, borderColor: 'primary.main' }}
    >
      <Typography id="linked-comment-title" variant="overline" component="h3" color="primary">
        {translate('atrium.learning.comments.linked')}
      </Typography>
      {found ? (
        <CommentItem comment={found} />
      ) : (
        <Alert severity="info">{translate('atrium.learning.comments.linked_gone')}</Alert>
      )}
    </Box>
  );
}

/**
 * The comments of a lesson, newest first, with the author and time; the member adds one, the author
 * deletes their own, admins hide, show or delete any. A hidden comment is gone for everyone else; its
 * author sees only that it was hidden.
 */
export function Comments({ lessonId }: { lessonId: number }) {
  const translate = useTranslate();
  const query = useInfiniteGetList<SchemaLessonComment>(RESOURCE, {
    pagination: { page: 1, perPage: PAGE_SIZE },
    filter: { lesson: lessonId },
  });
  const comments = query.data?.pages.flatMap((p) => p.data) ?? [];
  const count = query.total ?? 0;
  const [params] = useSearchParams();
  const linked = Number(params.get(LINKED));
  return (
    <Section title={translate('atrium.learning.comments.title', { smart_count: count, count })} id="comments-heading">
      {params.has(LINKED) && <LinkedComment key={linked} lessonId={lessonId} commentId={linked} />}
      <CommentForm lessonId={lessonId} />
      <Box sx={{ mt: 2 }} data-testid="comments">
        {query.isPending ? (
          <LoadingBlock minHeight={80} />
        ) : query.error ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : comments.length ? (
          <Stack spacing={2}>
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} />
            ))}
            {query.hasNextPage && (
              <Button
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                sx={{ alignSelf: 'center' }}
              >
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

type CommentValues = { text?: string | null };

/** The comment box: the live count against the contract's limit; Ctrl+Enter sends as the button does. */
function CommentInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'text', validate: rules.text });
  const text = typeof field.value === 'string' ? field.value : '';
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={translate('atrium.learning.comments.your_comment')}
      value={text}
      onChange={(e) => {
        field.onChange(e.target.value.slice(0, MAX));
      }}
      onBlur={field.onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) (e.target as HTMLTextAreaElement).form?.requestSubmit();
      }}
      multiline
      minRows={2}
      maxRows={8}
      fullWidth
      error={Boolean(error)}
      helperText={
        error ? (
          <InputHelperText error={error} />
        ) : (
          translate('atrium.learning.comments.hint', { count: text.length, max: MAX })
        )
      }
    />
  );
}

function SendButton() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting}>
      {translate('atrium.learning.comments.send')}
    </Button>
  );
}

function CommentForm({ lessonId }: { lessonId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshComments();
  const [create] = useCreate<SchemaLessonComment>();
  const submit = async ({ text }: CommentValues) => {
    try {
      const data: SchemaLessonCommentCreate = { text: (text ?? '').trim(), lesson: lessonId };
      await create(RESOURCE, { data }, { returnPromise: true });
      notify('atrium.learning.comments.added', { type: 'success' });
      await refresh();
      return undefined;
    } catch (err) {
      // Whatever went wrong is said under the box.
      return { text: fieldErrorsOf(err).text ?? errorText(err, translate) };
    }
  };
  return (
    <Form<CommentValues> onSubmit={submit} noValidate disableInvalidFormNotification>
      {/* A sent comment empties the box. */}
      <ResetAfterSubmit />
      <CommentInput />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <SendButton />
      </Stack>
    </Form>
  );
}

function CommentItem({ comment }: { comment: SchemaLessonComment }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const tz = useTimeZone();
  const refresh = useRefreshComments();
  const [update] = useUpdate<SchemaLessonComment>();
  const [deleteOne] = useDelete<SchemaLessonComment>();
  const { identity } = useGetIdentity();
  const { canAccess: isAdmin = false } = useCanAccess({ action: 'delete', resource: 'admin-tools' });
  const mine = identity?.id === comment.author.id;
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = `${comment.author.first_name} ${comment.author.last_name}`.trim();

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      await refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };
  const remove = () =>
    act(
      () =>
        deleteOne(
          RESOURCE,
          { id: comment.id, previousData: comment },
          { mutationMode: 'pessimistic', returnPromise: true },
        ),
      'atrium.learning.comments.deleted',
    );
  const moderate = (hide: boolean) =>
    act(
      () =>
        update(
          RESOURCE,
          { id: comment.id, data: { is_hidden: hide }, previousData: comment },
          { mutationMode: 'pessimistic', returnPromise: true },
        ),
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
          {/* The time is the comment's link, to share or open again (LinkedComment). */}
          <Link
            component={RouterLink}
            to={`?${LINKED}=${String(comment.id)}`}
            variant="caption"
            color="text.secondary"
            aria-label={translate('atrium.learning.comments.link', { time: fmtDateTime(comment.created_at, tz) })}
          >
            <time dateTime={comment.created_at}>{fmtDateTime(comment.created_at, tz)}</time>
          </Link>
          {comment.is_hidden && isAdmin && <Chip size="small" label={translate('atrium.learning.comments.hidden')} />}
        </Stack>
        {hiddenForMe ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {translate('atrium.learning.comments.hidden_for_author')}
          </Typography>
        ) : (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="comment-text"
          >
            {comment.text}
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        {isAdmin && (
          <Tooltip
            title={translate(comment.is_hidden ? 'atrium.learning.comments.show' : 'atrium.learning.comments.hide')}
          >
            <IconButton
              size="small"
              disabled={busy}
              onClick={() => void moderate(!comment.is_hidden)}
              aria-label={translate(
                comment.is_hidden ? 'atrium.learning.comments.show' : 'atrium.learning.comments.hide',
              )}
            >
              {comment.is_hidden ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        {(mine || isAdmin) && (
          <Tooltip title={translate('atrium.learning.comments.delete')}>
            <IconButton
              size="small"
              disabled={busy}
              onClick={() => {
                setConfirm(true);
              }}
              aria-label={translate('atrium.learning.comments.delete')}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Dialog
        open={confirm}
        onClose={() => {
          setConfirm(false);
        }}
        aria-labelledby={`delete-comment-${comment.id}`}
      >
        <DialogTitle id={`delete-comment-${comment.id}`}>
          {translate('atrium.learning.comments.delete_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('atrium.learning.comments.delete_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setConfirm(false);
            }}
          >
            {translate('ra.action.cancel')}
          </Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
            {translate('atrium.learning.comments.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
