import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useStore, useTranslate } from 'react-admin';
import { ErrorBlock, LoadingBlock } from '../../common/States';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * The book's PDF drawn in the page with pdf.js (the browser's own viewer is not available in every
 * browser, nor inside the app): pages render when they scroll into view, fitted to the width.
 */
export default function PdfReader({ url, title }: { url: string; title: string }) {
  const translate = useTranslate();
  // The opened document and its first page's shape, or why it could not be opened: one outcome of one load.
  const [loaded, setLoaded] = useState<{ doc: PDFDocumentProxy; aspect: number } | { error: unknown } | null>(null);
  // Index into ZOOMS (2 = fit width), a reader's preference kept for the next book and visit.
  const [stored, setZoom] = useStore('books.reader.zoom', 2);
  const zoom = Math.min(Math.max(0, Math.round(stored)), ZOOMS.length - 1);
  const [width, setWidth] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ url, isEvalSupported: false });
    task.promise.then(
      async (d) => {
        const first = await d.getPage(1);
        const vp = first.getViewport({ scale: 1 });
        if (!cancelled) setLoaded({ doc: d, aspect: vp.height / vp.width });
      },
      (err: unknown) => {
        if (!cancelled) setLoaded({ error: err });
      },
    );
    return () => {
      cancelled = true;
      setLoaded(null);
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      setWidth(Math.floor(entry?.contentRect.width ?? 0));
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
    };
  }, []);

  const doc = loaded && 'doc' in loaded ? loaded.doc : null;
  const error = loaded && 'error' in loaded ? loaded.error : null;
  const aspect = loaded && 'aspect' in loaded ? loaded.aspect : 792 / 612;
  const pageWidth = Math.max(200, Math.floor(width * (ZOOMS[zoom] ?? 1)));
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="pdf-reader">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', gap: 1 }}
      >
        <Typography variant="subtitle2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {title}
          {doc && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {translate('atrium.books.page_count', { count: doc.numPages })}
            </Typography>
          )}
        </Typography>
        <Tooltip title={translate('atrium.books.zoom_out')}>
          <span>
            <IconButton
              size="small"
              aria-label={translate('atrium.books.zoom_out')}
              disabled={zoom === 0}
              onClick={() => {
                setZoom(zoom - 1);
              }}
            >
              <ZoomOut />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'center' }} aria-live="polite">
          {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
        </Typography>
        <Tooltip title={translate('atrium.books.zoom_in')}>
          <span>
            <IconButton
              size="small"
              aria-label={translate('atrium.books.zoom_in')}
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => {
                setZoom(zoom + 1);
              }}
            >
              <ZoomIn />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('atrium.books.open_tab')}>
          <IconButton
            size="small"
            aria-label={translate('atrium.books.open_tab')}
            href={url}
            target="_blank"
            rel="noopener"
          >
            <OpenInNew />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box ref={box} sx={{ bgcolor: 'grey.200', maxHeight: '80vh', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
        {error ? (
          <ErrorBlock error={error} />
        ) : !doc || !width ? (
          <LoadingBlock minHeight={400} />
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center', width: pageWidth > width ? pageWidth : 'auto' }}>
            {Array.from({ length: doc.numPages }, (_, i) => (
              <PdfPage key={i + 1} doc={doc} number={i + 1} width={pageWidth} aspect={aspect} />
            ))}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}

/** One page: a placeholder of the right size until it is near the view, then drawn at the screen's density. */
function PdfPage({
  doc,
  number,
  width,
  aspect,
}: {
  doc: PDFDocumentProxy;
  number: number;
  width: number;
  aspect: number;
}) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(number <= 2);
  const [height, setHeight] = useState(Math.round(width * aspect));

  useEffect(() => {
    if (visible || !canvas.current) return;
    const io = new IntersectionObserver(
      ([e]) => {
        if (e?.isIntersecting) setVisible(true);
      },
      { rootMargin: '600px' },
    );
    io.observe(canvas.current);
    return () => {
      io.disconnect();
    };
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void doc.getPage(number).then((page) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      el.width = Math.floor(viewport.width * ratio);
      el.height = Math.floor(viewport.height * ratio);
      setHeight(Math.floor(viewport.height));
      task = page.render({ canvas: el, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, width, visible]);

  return (
    <Box
      component="canvas"
      ref={canvas}
      aria-label={translate('atrium.books.page_label', { page: number })}
      role="img"
      sx={{ width, height, bgcolor: 'common.white', boxShadow: 1, display: 'block', flexShrink: 0 }}
    />
  );
}
