import type { MouseEvent } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { sxItems } from './sx';

/**
 * Rich text from the server (sanitised there: safe to render as is). Links to app paths such as
 * /lessons open inside the app; external links open in a new tab.
 */
export function HtmlContent({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href) return;
    if (href.startsWith('/') && !href.startsWith('//') && !/^\/(api|media)\//.test(href)) {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      void navigate(href);
    } else if (/^https?:/i.test(href)) {
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
    }
  };
  return (
    <Box
      className="rich-text"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
      sx={[
        {
          typography: 'body1',
          lineHeight: 1.7,
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p': { my: 1.25 },
          '& h1, & h2, & h3': { lineHeight: 1.3, mt: 3, mb: 1, fontWeight: 600 },
          '& h1': { fontSize: '1.6rem' },
          '& h2': { fontSize: '1.35rem' },
          '& h3': { fontSize: '1.15rem' },
          '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
          '& a': { color: 'primary.main' },
          '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
          '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
          '& ul, & ol': { pl: 3 },
        },
        ...sxItems(sx),
      ]}
    />
  );
}
