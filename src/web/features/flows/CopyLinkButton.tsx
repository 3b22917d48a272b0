import ContentCopy from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** Copies a landing's public link: 'Link copied', or 'Copy error' when the browser refuses. */
export function CopyLinkButton({ url }: { url: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('atrium.flows.copy_link');
  const copy = async (e: React.MouseEvent) => {
    e.stopPropagation();
    try {
      await navigator.clipboard.writeText(url);
      notify('atrium.flows.link_copied', { type: 'success' });
    } catch {
      notify('atrium.flows.copy_error', { type: 'error' });
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={(e) => void copy(e)}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
