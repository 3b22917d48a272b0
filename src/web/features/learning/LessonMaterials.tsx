import { List, ListItemButton, ListItemIcon, ListItemText, Paper } from '@mui/material';
import Description from '@mui/icons-material/Description';
import LinkIcon from '@mui/icons-material/Link';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import type { SchemaLessonMaterial } from '../../../api/schema';
import { fmtBytes } from '../../common/format';

const icon = (m: SchemaLessonMaterial) =>
  m.kind === 'link' ? <LinkIcon /> : m.mime_type === 'application/pdf' ? <PictureAsPdf /> : <Description />;

/** Files and links of a lesson; each opens in a new tab (files through their short-lived links). */
export function LessonMaterials({ materials }: { materials: SchemaLessonMaterial[] }) {
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {materials.map((m) => (
          <ListItemButton key={m.id} component="a" href={m.url} target="_blank" rel="noopener noreferrer" divider>
            <ListItemIcon sx={{ minWidth: 40 }}>{icon(m)}</ListItemIcon>
            <ListItemText
              primary={m.title}
              secondary={m.kind === 'link' ? safeHost(m.url) : fmtBytes(m.size_bytes)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

function safeHost(url: string) {
  try {
    return new URL(url, window.location.origin).host;
  } catch {
    return url;
  }
}
