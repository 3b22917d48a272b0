import { Alert, Button, Card, CardContent, FormControlLabel, Skeleton, Stack, Switch, Typography } from '@mui/material';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import type { SchemaNotificationSettingKind } from '../../../api/schema';
import { useNotifyError } from '../../common/errors';
import { useSavedAtOnce } from '../../common/useSavedAtOnce';
import { useNotificationSettings, useUpdateNotificationSettings } from './hooks';

/** Kinds only staff receive (a member's reply in a ticket they hold). */
const STAFF_ONLY: readonly SchemaNotificationSettingKind[] = ['ticket_reply'];

/** Profile settings: each kind of notification (bell and mail) on or off, saved at once. */
export function NotificationSettingsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // A switch's new position from the click on, until the settings are read again.
  const { picked, saving, save } = useSavedAtOnce<{ kind: SchemaNotificationSettingKind; enabled: boolean }>();
  const { canAccess: staff = false } = useCanAccess({ action: 'list', resource: 'staff-tools' });
  const shown = settings.data?.settings.filter((s) => staff || !STAFF_ONLY.includes(s.kind)) ?? [];
  return (
    <Card data-testid="notification-settings">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('atrium.tickets.notify_settings.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('atrium.tickets.notify_settings.hint')}
        </Typography>
        {settings.isPending && <Skeleton height={120} />}
        {settings.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {translate('atrium.staff.try_again')}
              </Button>
            }
          >
            {translate('atrium.notifications.failed')}
          </Alert>
        )}
        <Stack>
          {shown.map((s) => (
            <FormControlLabel
              key={s.kind}
              control={
                <Switch
                  checked={picked?.kind === s.kind ? picked.enabled : s.enabled}
                  disabled={saving}
                  onChange={(e) => {
                    const enabled = e.target.checked;
                    save({ kind: s.kind, enabled }, async () => {
                      try {
                        await update.mutateAsync([[{ kind: s.kind, enabled }]]);
                        notify('atrium.tickets.notify_settings.saved', { type: 'success' });
                      } catch (err) {
                        notifyError(err);
                      }
                    });
                  }}
                />
              }
              label={translate(`atrium.tickets.notify_settings.kinds.${s.kind}`)}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
