import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoadingBlock } from './States';

/** How long a screen's script may take to arrive before the screen says so (the seed's constant, spec §9). */
const CHUNK_TIMEOUT_MS = 120_000;

/** What shows instead of a screen whose script did not arrive (or failed): the reason and "Reload". */
function ChunkFailed() {
  const translate = useTranslate();
  return (
    <Box
      role="alert"
      data-testid="chunk-failed"
      sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Box sx={{ textAlign: 'center', maxWidth: 420 }}>
        <Typography sx={{ mb: 2 }}>{translate('atrium.chunk.failed')}</Typography>
        <Button
          variant="contained"
          onClick={() => {
            window.location.reload();
          }}
        >
          {translate('atrium.chunk.reload')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * React.lazy with the seed's time-out: a screen whose script has not arrived within 120 s (or whose
 * download failed) renders a translated message with "Reload" instead of waiting for ever.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const failed: ComponentType<P> = () => <ChunkFailed />;
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= new Promise<{ default: ComponentType<P> }>((resolve) => {
      const timer = setTimeout(() => {
        resolve({ default: failed });
      }, CHUNK_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        () => {
          clearTimeout(timer);
          resolve({ default: failed });
        },
      );
    }).then((module) => {
      loaded = module.default;
      return module;
    }));
  const Screen = lazy(start);
  // Its own fallback, named for screen readers: react-admin's layout would show its nameless spinner.
  function LazyScreen(props: P) {
    // A script already here (preloaded while the route check was asked) renders in this pass: through
    // lazy() it would suspend once more and wait for Suspense's reveal. Decided once per mount, so the
    // screen is never remounted when its script arrives.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={<LoadingBlock />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  // Starts the script's download before the screen renders (ServerAccess, while the route check is asked).
  LazyScreen.preload = () => {
    void start();
  };
  return LazyScreen;
}

/** Starts the download of a screen's script if it is a lazily loaded screen (lazyScreen), else does nothing. */
export function preloadScreen(type: unknown) {
  if (typeof type === 'function' && 'preload' in type && typeof type.preload === 'function')
    (type.preload as () => void)();
}
