import { useState } from 'react';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import { useTranslate } from 'react-admin';

/** When the banner was last closed (epoch ms); it stays hidden for 90 days after that (spec, section 9). */
const IOS_BANNER_DISMISSED_KEY = 'atrium:ios-banner-dismissed-at';
const IOS_BANNER_SNOOZE_MS = 90 * 24 * 60 * 60 * 1000;

/** Safari on an iPhone, iPad or iPod (an iPad in desktop mode calls itself a touch Mac); not Chrome/Firefox/Edge/Opera for iOS. */
function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

/** Already opened from the home screen. */
function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    nav.standalone === true ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches)
  );
}

function dismissedRecently(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(IOS_BANNER_DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < IOS_BANNER_SNOOZE_MS;
  } catch {
    return false;
  }
}

function shouldShow(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    isIosSafari(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone() && !dismissedRecently(Date.now())
  );
}

/**
 * "Install on iPhone": Safari on iOS outside the installed app shows how to add Atrium to the home
 * screen (open in Safari, tap Share, then Add to Home Screen). Closing it hides it for 90 days.
 * Mounted once for the whole app, on public and signed-in screens alike.
 */
export function IosInstallBanner() {
  const translate = useTranslate();
  const [shown, setShown] = useState(shouldShow);
  if (!shown) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(IOS_BANNER_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setShown(false);
  };
  const title = translate('atrium.auth.ios_banner.title');

  return (
    <Paper
      component="aside"
      aria-label={title}
      data-testid="ios-install-banner"
      elevation={8}
      sx={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: 'calc(8px + env(safe-area-inset-bottom, 0px))',
        mx: 'auto',
        maxWidth: 480,
        zIndex: (t) => t.zIndex.drawer + 1,
        p: 2,
        pr: 6,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
      }}
    >
      <Box
        component="img"
        src="/apple-touch-icon.png"
        alt=""
        sx={{ width: 44, height: 44, borderRadius: 2, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {title}
        </Typography>
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5, typography: 'body2', color: 'text.secondary' }}>
          <li>{translate('atrium.auth.ios_banner.step_safari')}</li>
          <li>
            {translate('atrium.auth.ios_banner.step_share')}{' '}
            <IosShareIcon fontSize="inherit" sx={{ verticalAlign: 'text-top', color: 'primary.main' }} aria-hidden />
          </li>
          <li>{translate('atrium.auth.ios_banner.step_add')}</li>
        </Box>
      </Box>
      <IconButton
        aria-label={translate('atrium.auth.ios_banner.close')}
        onClick={dismiss}
        size="small"
        sx={{ position: 'absolute', top: 8, right: 8 }}
        data-testid="ios-install-banner-close"
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
