import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { fieldErrorsOf, formErrors } from '../common/errors';
import type { AtriumDataProvider } from '../providers/data';
import { followAccount } from '../providers/i18nProvider';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { useStartSession } from './session';

/** The server's 'Link has expired' (its token error), else the failure's text; empty without a cause. */
function failureText(cause: unknown, translate: ReturnType<typeof useTranslate>): string {
  return cause === undefined ? '' : (fieldErrorsOf(cause).token ?? formErrors(cause, translate).alert ?? '');
}

/**
 * /token-auth-bot?token=…: the Telegram bot's one-time login link (its /login). Logs in, in the account's
 * language, and opens the path the server names (`redirect_to`), or /email-required when the email is
 * not activated yet. A used or expired link says 'Link has expired'.
 */
export default function TokenAuthBotPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Why the login failed (null while it runs; no token at all is a failure without a cause).
  const [failure, setFailure] = useState<{ cause: unknown } | null>(token ? null : { cause: undefined });
  // The token works once: StrictMode's second effect run (and re-renders) must not send it again.
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    dataProvider
      .tokenAuthBot(token)
      .then((res) => {
        // The link comes from the bot, maybe on a device never used here: the interface takes the account's language.
        if (res.user) followAccount(res.user.language);
        return startSession(res);
      })
      .catch((cause: unknown) => {
        setFailure({ cause });
      });
  }, [token, startSession, dataProvider]);

  if (failure === null) {
    return (
      <AuthCard title={translate('atrium.auth.bot.title')}>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={translate('atrium.auth.bot.title')} />
        </Box>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={translate('atrium.auth.bot.failed_title')}
      footer={<AuthLink to="/login">{translate('atrium.auth.back_to_login')}</AuthLink>}
    >
      <FormAlert message={failureText(failure.cause, translate) || translate('atrium.auth.link_expired')} />
    </AuthCard>
  );
}
