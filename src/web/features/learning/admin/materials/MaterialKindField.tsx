import { Stack, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import LinkIcon from '@mui/icons-material/Link';
import { useRecordContext, useTranslate } from 'react-admin';
import { fmtBytes } from '../../../../common/format';
import type { SchemaLessonMaterialAdmin } from '../../../../../api/schema';

/** "File · application/pdf · 1.2 MB" or the link. */
export function MaterialKindField(_: { label?: string }) {
  const record = useRecordContext<SchemaLessonMaterialAdmin>();
  const translate = useTranslate();
  if (!record) return null;
  const isFile = Boolean(record.file);
  const text = isFile
    ? [translate('atrium.admin.lesson_materials.file'), record.mime_type, fmtBytes(record.size_bytes)]
        .filter(Boolean)
        .join(' · ')
    : (record.url ?? '');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {isFile ? <AttachFile fontSize="small" color="action" /> : <LinkIcon fontSize="small" color="action" />}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Stack>
  );
}
