import { Alert, Card, CardContent, Skeleton, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GoogleAuthCard } from './GoogleAuthCard';
import { LanguageCard } from './LanguageCard';
import { ProfileShell } from './ProfileShell';
import { SessionsCard } from './SessionsCard';
import { TelegramCard } from './TelegramCard';
import { errorText } from '../../common/errors';
import { useProfile } from '../../providers/data/profileHooks';

export default function ProfileSettingsPage() {
  const translate = useTranslate();
  const { data: me, error, isPending } = useProfile();
  return (
    <ProfileShell title="atrium.profile.settings.title">
      {isPending ? (
        <Card>
          <CardContent aria-busy="true">
            {[1, 2, 3].map((i) => (
              <Skeleton key={i} height={72} />
            ))}
          </CardContent>
        </Card>
      ) : error ? (
        <Alert severity="error">{errorText(error, translate)}</Alert>
      ) : (
        <Stack spacing={2}>
          <LanguageCard me={me} />
          <GoogleAuthCard me={me} />
          <TelegramCard me={me} />
          <SessionsCard me={me} />
        </Stack>
      )}
    </ProfileShell>
  );
}
