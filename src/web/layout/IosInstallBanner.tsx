import { useEffect, useState } from 'react';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { isIos } from './ios';

/** When the banner was last closed (epoch ms); it stays hidden for 90 days after that (spec, section 9). */
const IOS_BANNER_DISMISSED_KEY = 'atrium:ios-banner-dismissed-at';
const IOS_BANNER_SNOOZE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Safari itself: other iOS browsers (Chrome, Firefox, Edge, Opera, Yandex, DuckDuckGo, Google's app) name
 * themselves, and in-app browsers (Facebook, Instagram, Telegram…) lack Safari's "Safari/" token.
 */
function isSafari(userAgent: string): boolean {
  return (
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\/|Telegram/.test(userAgent)
  );
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
  return isIos(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone() && !dismissedRecently(Date.now());
}

/** The gap kept under the banner: above a floating button (the mobile "+" of a list), else 8 px. */
const GAP = 8;
function clearanceOverFloatingButtons(): number {
  let lowest = 0;
  for (const el of document.querySelectorAll('.MuiFab-root')) {
    const rect = el.getBoundingClientRect();
    if (rect.height > 0 && getComputedStyle(el).position === 'fixed')
      lowest = Math.max(lowest, window.innerHeight - rect.top);
  }
  return lowest + GAP;
}

/**
 * Screens whose reply box sits at the foot of the page, where a fixed banner would cover it while the
 * person writes (a support request and its conversation, issue #40): the banner waits for another screen.
 */
const WRITING_SCREENS = /^\/user\/new-request\//;

/** Follows the page while the banner shows: floating buttons come and go with the screens. */
function useClearance(active: boolean): number {
  const [bottom, setBottom] = useState(GAP);
  useEffect(() => {
    if (!active) return undefined;
    const measure = () => {
      setBottom(clearanceOverFloatingButtons());
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return bottom;
}

/**
 * "Install on iPhone": iOS outside the installed app shows how to add Atrium to the home screen (open in
 * Safari, tap Share, then Add to Home Screen); another browser is told that only Safari can do it. It sits
 * above any floating button, and stays off the support request screens. Closing it hides it for 90 days. Mounted once for the whole app, on public
 * and signed-in screens alike.
 */
export function IosInstallBanner() {
  const translate = useTranslate();
  const [shown, setShown] = useState(shouldShow);
  const writing = WRITING_SCREENS.test(useLocation().pathname);
  const bottom = useClearance(shown && !writing);
  if (!shown || writing) return null;
  const inSafari = isSafari(navigator.userAgent);

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
      data-browser={inSafari ? 'safari' : 'other'}
      elevation={8}
      sx={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: `calc(${String(bottom)}px + env(safe-area-inset-bottom, 0px))`,
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
        {!inSafari && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate('atrium.auth.ios_banner.other_browser')}
          </Typography>
        )}
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
