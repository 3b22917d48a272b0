import { Card, CardContent, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useLocaleState, useNotify, useSetLocale, useTranslate } from 'react-admin';
import { useApplyProfile } from './hooks';
import { useProviderMutation } from '../../providers/data/providerHooks';
import { LOCALES, type Locale } from '../../providers/i18nProvider';
import { useNotifyError } from '../../common/errors';
import { useSavedAtOnce } from '../../common/useSavedAtOnce';
import { LANGUAGE_KEYS } from './labels';
import type { Profile } from './session';

/** The interface and mail language: saved on the server, then the whole UI switches. */
export function LanguageCard({ me }: { me: Profile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const setLocale = useSetLocale();
  const [locale] = useLocaleState();
  const apply = useApplyProfile();
  const save = useProviderMutation('setProfileLanguage');
  // The choice shows from the click on, while it is saved and the interface switches; it falls back to
  // the current language if saving fails.
  const { picked, saving: busy, save: saveNow } = useSavedAtOnce<Locale>();

  const choose = (language: Locale) => {
    saveNow(language, async () => {
      try {
        const user = await save.mutateAsync([language]);
        // The interface switches before the profile is read again: in between the card would show the
        // old language (the save no longer pending, the locale not yet changed).
        setLocale(language);
        await apply(user);
        notify('atrium.profile.settings.language_saved', { type: 'success' });
      } catch (err) {
        notifyError(err);
      }
    });
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" id="language-title">
          {translate('atrium.profile.settings.language_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('atrium.profile.settings.language_hint')}
        </Typography>
        <RadioGroup
          row
          aria-labelledby="language-title"
          name="language"
          value={picked ?? (LOCALES.includes(locale as Locale) ? locale : me.language)}
          onChange={(e) => {
            choose(e.target.value as Locale);
          }}
        >
          {LOCALES.map((l) => (
            <FormControlLabel
              key={l}
              value={l}
              disabled={busy}
              control={<Radio />}
              label={translate(LANGUAGE_KEYS[l])}
            />
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}
