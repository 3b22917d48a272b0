import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile } from './hooks';
import { useNotifyError } from '../../common/errors';
import { atLeast, type Profile } from './session';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The avatar: pick an image, see it, upload it (multipart POST /accounts/me/, field `avatar`). The chosen
 * file is the page's (`file`, `onFileChange`), so the profile form's Save uploads it too.
 */
export function AvatarCard({
  me,
  file,
  onFileChange,
}: {
  me: Profile;
  file: File | null;
  onFileChange: (file: File | null) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const reset = () => {
    onFileChange(null);
  };

  const pick = (picked: File | undefined) => {
    setProblem(null);
    if (!picked) return;
    if (!AVATAR_TYPES.includes(picked.type)) {
      reset();
      setProblem(translate('atrium.profile.avatar.wrong_type'));
      return;
    }
    if (picked.size > AVATAR_MAX_BYTES) {
      reset();
      setProblem(translate('atrium.profile.avatar.too_large'));
      return;
    }
    onFileChange(picked);
  };

  const upload = async () => {
    if (!file) return;
    setSaving(true);
    try {
      const res = await atLeast(dataProvider.uploadAvatar(file));
      await apply(res.user);
      reset();
      notify('atrium.profile.updated', { type: 'success' });
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.profile.avatar.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
          <Avatar
            src={preview ?? me.avatar ?? undefined}
            alt={translate(preview ? 'atrium.profile.avatar.preview' : 'atrium.profile.avatar.alt')}
            sx={{ width: 96, height: 96, fontSize: 40, bgcolor: 'primary.main' }}
            data-testid="avatar-preview"
          >
            {(me.first_name || me.email || '?').charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('atrium.profile.avatar.hint')}
            </Typography>
            <input
              ref={input}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              hidden
              id="avatar-file"
              name="avatar"
              onChange={(e) => {
                pick(e.target.files?.[0]);
                // The same file may be chosen again after a cancel.
                e.target.value = '';
              }}
            />
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <Button
                variant="outlined"
                startIcon={<PhotoCamera />}
                onClick={() => input.current?.click()}
                disabled={saving}
              >
                {translate('atrium.profile.avatar.choose')}
              </Button>
              {file && (
                <>
                  <Button variant="contained" onClick={() => void upload()} disabled={saving}>
                    {saving ? <CircularProgress size={22} aria-hidden /> : translate('atrium.profile.avatar.upload')}
                  </Button>
                  <Button onClick={reset} disabled={saving}>
                    {translate('atrium.profile.cancel')}
                  </Button>
                </>
              )}
            </Stack>
            {saving && (
              <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('atrium.profile.saving')}
              </Typography>
            )}
            {problem && (
              <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                {problem}
              </Alert>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
