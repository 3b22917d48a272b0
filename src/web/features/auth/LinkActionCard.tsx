import type { ReactNode, SubmitEvent } from 'react';
import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fieldErrorsOf, formErrors } from '../../common/errors';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';

type Props = {
  /** The area of the catalogue (`atrium.auth.<area>.title`, `.subtitle`, `.submit`). */
  area: 'email_change' | 'undo';
  /** Sends the link's token (a provider mutation's `mutate`). */
  send: () => void;
  /** That mutation: the server's confirmation, or why it refused, and whether the call runs. */
  sent: { data?: { detail: string }; error: unknown; isPending: boolean };
  /** Links shown once it is done, besides the way back to the login. */
  after?: ReactNode;
};

/**
 * A mailed link that does one thing (confirm a new email, undo a change). The link alone does nothing:
 * a button press sends it, so a mail scanner that opens every link changes nothing.
 */
export function LinkActionCard({ area, send, sent, after }: Props) {
  const translate = useTranslate();
  const done = sent.data ? sent.data.detail || translate(`atrium.auth.${area}.done`) : null;
  // The server's 'Link has expired' (its token error), else the failure's text; gone while a new try runs.
  const error =
    sent.error && !sent.isPending ? (fieldErrorsOf(sent.error).token ?? formErrors(sent.error, translate).alert) : null;

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    send();
  };

  return (
    <AuthCard
      title={translate(`atrium.auth.${area}.title`)}
      subtitle={done ? undefined : translate(`atrium.auth.${area}.subtitle`)}
      footer={
        <>
          {done && after}
          <AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>
        </>
      }
    >
      {done ? (
        <FormAlert severity="success" message={done} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <FormAlert message={error} />
            <SubmitButton busy={sent.isPending}>{translate(`atrium.auth.${area}.submit`)}</SubmitButton>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
