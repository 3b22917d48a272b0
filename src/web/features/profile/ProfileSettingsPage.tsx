import { Card, CardContent, Skeleton, Stack } from '@mui/material';
import { GoogleAuthCard } from './GoogleAuthCard';
import { LanguageCard } from './LanguageCard';
import { LoadError } from './LoadError';
import { ProfileShell } from './ProfileShell';
import { SessionsCard } from './SessionsCard';
import { TelegramCard } from './TelegramCard';
import { useProfile } from './hooks';
import { NotificationSettingsCard } from '../notifications/public';

export default function ProfileSettingsPage() {
  const { data: me, error, isPending, refetch } = useProfile();
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
        <LoadError error={error} onRetry={refetch} />
      ) : (
        <Stack spacing={2}>
          <LanguageCard me={me} />
          <GoogleAuthCard me={me} />
          <TelegramCard me={me} />
          <SessionsCard me={me} />
          <NotificationSettingsCard />
        </Stack>
      )}
    </ProfileShell>
  );
}
