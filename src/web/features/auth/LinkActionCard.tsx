import { useState, type ReactNode, type SubmitEvent } from 'react';
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
  /** Sends the link's token; resolves with the server's confirmation. */
  run: () => Promise<{ detail: string }>;
  /** Links shown once it is done, besides the way back to the login. */
  after?: ReactNode;
};

/**
 * A mailed link that does one thing (confirm a new email, undo a change). The link alone does nothing:
 * a button press sends it, so a mail scanner that opens every link changes nothing.
 */
export function LinkActionCard({ area, run, after }: Props) {
  const translate = useTranslate();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void send();
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone((await run()).detail || translate(`atrium.auth.${area}.done`));
    } catch (err) {
      // The server's 'Link has expired' (its token error), else the failure's text.
      setError(fieldErrorsOf(err).token ?? formErrors(err, translate).alert);
    } finally {
      setBusy(false);
    }
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
            <SubmitButton busy={busy}>{translate(`atrium.auth.${area}.submit`)}</SubmitButton>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
