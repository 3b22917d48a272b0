import { useEffect, useState } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import PlayCircle from '@mui/icons-material/PlayCircle';
import { useTranslate } from 'react-admin';
import type { AnyElement } from './model';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function Countdown({ content }: { content: Record<string, unknown> }) {
  const translate = useTranslate();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(t);
    };
  }, []);
  const left = Math.max(0, Math.floor((Date.parse(str(content.target_at)) - now) / 1000)) || 0;
  const u = (k: string) => translate(`atrium.flows.countdown_units.${k}`);
  const parts = [
    `${Math.floor(left / 86400)} ${u('d')}`,
    `${Math.floor(left / 3600) % 24} ${u('h')}`,
    `${Math.floor(left / 60) % 60} ${u('m')}`,
    `${left % 60} ${u('s')}`,
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'center', bgcolor: 'action.hover' }}>
      {str(content.title) && <Typography fontWeight={600}>{str(content.title)}</Typography>}
      <Typography variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {left > 0 ? parts.join(' ') : str(content.expired_text)}
      </Typography>
    </Paper>
  );
}

function LeadForm({ content }: { content: Record<string, unknown> }) {
  const translate = useTranslate();
  const fields = Array.isArray(content.fields)
    ? (content.fields as Array<{ name?: string; label?: string; required?: boolean }>)
    : [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {str(content.title) && <Typography variant="h6">{str(content.title)}</Typography>}
      <Stack spacing={1.5} sx={{ my: 1.5 }}>
        {fields.map((f, i) => (
          <TextField
            key={`${f.name}-${i}`}
            size="small"
            label={
              (f.label || (f.name ? translate(`atrium.flows.form_fields.${f.name}`) : '')) + (f.required ? ' *' : '')
            }
            slotProps={{ input: { readOnly: true } }}
            tabIndex={-1}
          />
        ))}
      </Stack>
      <Button variant="contained" tabIndex={-1}>
        {str(content.button_label) || translate('atrium.flows.element.submit')}
      </Button>
    </Paper>
  );
}

/**
 * One element as the public page shows it, drawn with React (texts are never parsed as HTML, except
 * the rich text, which comes from the editor's own schema or from the server's sanitiser).
 */
export function ElementPreview({ element }: { element: AnyElement }) {
  const translate = useTranslate();
  const c = element.content;
  switch (element.type) {
    case 'heading': {
      const level = ([1, 2, 3].includes(Number(c.level)) ? Number(c.level) : 1) as 1 | 2 | 3;
      return (
        <Typography variant={(['h4', 'h5', 'h6'] as const)[level - 1]} component={`h${level}`} sx={{ fontWeight: 700 }}>
          {str(c.text)}
        </Typography>
      );
    }
    case 'text':
      return (
        <Box sx={{ '& p': { my: 1 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: str(c.html) }} />
      );
    case 'image': {
      const src = element.previewImage || str(c.image);
      return (
        <Box component="figure" sx={{ m: 0 }}>
          {src ? (
            <Box
              component="img"
              src={src}
              alt={str(c.alt)}
              sx={{ maxWidth: '100%', borderRadius: 1, display: 'block' }}
            />
          ) : null}
          {str(c.caption) && (
            <Typography variant="caption" color="text.secondary">
              {str(c.caption)}
            </Typography>
          )}
        </Box>
      );
    }
    case 'video':
      return (
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: 'grey.900',
            color: 'grey.100',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            p: 2,
          }}
        >
          <Stack sx={{ alignItems: 'center', textAlign: 'center' }}>
            <PlayCircle sx={{ fontSize: 48 }} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {translate('atrium.flows.element.video_placeholder', { url: str(c.url) })}
            </Typography>
          </Stack>
        </Box>
      );
    case 'button':
      return (
        <Button variant="contained" tabIndex={-1}>
          {str(c.label)}
        </Button>
      );
    case 'countdown':
      return <Countdown content={c} />;
    case 'lead_form':
      return <LeadForm content={c} />;
    default:
      return null;
  }
}
