import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { formErrors, tokenError } from './formErrors';
import { useStartSession } from './session';

/**
 * /token-auth-bot?token=…: the Telegram bot's one-time login link. Logs in and opens the path the server
 * names (`redirect_to`), or /email-required when the email is not activated yet.
 */
export default function TokenAuthBotPage() {
  const translate = useTranslate();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : '');
  const tried = useRef<string | null>(null);
  const translateRef = useRef(translate);
  translateRef.current = translate;

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    const body = new URLSearchParams({ token });
    unwrap(
      api.POST('/token-auth-bot/', {
        body: { token },
        bodySerializer: () => body.toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    )
      .then((res) => startSession(res))
      .catch((err: unknown) => setError(tokenError(err) ?? formErrors(err, translateRef.current).alert ?? ''));
  }, [token, startSession]);

  if (error === null) {
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
      <FormAlert message={error || translate('atrium.auth.link_expired')} />
    </AuthCard>
  );
}
