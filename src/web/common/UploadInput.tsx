import { useId, useRef, useState } from 'react';
import { Box, Button, FormHelperText, LinearProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Replay from '@mui/icons-material/Replay';
import { FieldTitle, useInput, useNotify, useTranslate, ValidationError, type Validator } from 'react-admin';
import type { SchemaUploadResponse } from '../../api/schema';
import { errorText, fieldErrorsOf } from './errors';
import type { UploadKind } from '../providers/data/uploads';
import { useUploadFile } from '../providers/data/uploadsHooks';

const ACCEPT: Record<UploadKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/mp4,video/webm',
  pdf: 'application/pdf',
  document: '.pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.zip',
};
const HINTS: Record<UploadKind, string> = {
  image: 'atrium.admin.upload.hint_image',
  video: 'atrium.admin.upload.hint_video',
  pdf: 'atrium.admin.upload.hint_pdf',
  document: 'atrium.admin.upload.hint_document',
};

const fileName = (url: string) => decodeURIComponent(url.split('?')[0]?.split('/').pop() ?? url);

/**
 * A file field of a content record: uploads the chosen file to /api/admin/uploads (with progress)
 * and keeps the returned /media URL in the field; images show a preview. A file whose upload failed
 * (refused, or the connection lost before it got through) is offered again with "Try again". `onUploaded` lets a form
 * fill other fields from the file (a video's length, a material's type and size).
 */
export function UploadInput({
  source,
  label,
  kind,
  helperText,
  validate,
  onUploaded,
}: {
  source: string;
  label: string;
  kind: UploadKind;
  helperText?: string;
  validate?: Validator | Validator[];
  onUploaded?: (res: SchemaUploadResponse, file: File) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const uploadFile = useUploadFile();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState, isRequired } = useInput({ source, validate, defaultValue: null });
  const [progress, setProgress] = useState<number | null>(null);
  // A failed upload keeps its file, so it can be sent again without choosing it anew (issue #40).
  const [failure, setFailure] = useState<{ message: string; file: File } | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const value = (field.value as string | null) || null;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const res = await uploadFile(kind, file, setProgress);
      field.onChange(res.url);
      setUploadedName(res.name);
      onUploaded?.(res, file);
      notify('atrium.admin.upload.done', { type: 'success', messageArgs: { name: res.name } });
    } catch (err) {
      // The server's first word on the file, else what failed (server, refusal, connection).
      setFailure({ message: Object.values(fieldErrorsOf(err))[0] ?? errorText(err, translate), file });
    } finally {
      setProgress(null);
      if (picker.current) picker.current.value = '';
    }
  };

  // A validator's message comes wrapped by react-admin (`@@react-admin@@"key"`, with its arguments):
  // ValidationError unwraps and translates it, as react-admin's own inputs do.
  const invalid = fieldState.error?.message;
  const shownError = failure?.message ?? (invalid ? <ValidationError error={invalid} /> : null);
  return (
    <Box sx={{ mb: 2, width: '100%' }} data-testid={`upload-${source}`}>
      <Typography variant="caption" color="text.secondary" component="label" htmlFor={id}>
        <FieldTitle label={label} source={source} isRequired={isRequired} />
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 0.5, alignItems: { sm: 'center' } }}>
        {kind === 'image' && value && (
          <Box
            component="img"
            src={value}
            alt=""
            sx={{ width: 120, maxHeight: 90, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
        {kind !== 'image' && value && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <AttachFile fontSize="small" color="action" />
            {/* Private uploads (videos, PDFs, documents) open only through signed links: show the name. */}
            {!value.startsWith('/media/') || value.startsWith('/media/images/') ? (
              <MuiLink href={value} target="_blank" rel="noopener" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {uploadedName ?? fileName(value)}
              </MuiLink>
            ) : (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={`upload-${source}-name`}>
                {uploadedName ?? fileName(value)}
              </Typography>
            )}
          </Stack>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<CloudUpload />}
            disabled={progress !== null}
          >
            {translate(value ? 'atrium.admin.upload.replace' : 'atrium.admin.upload.choose')}
            <input
              id={id}
              ref={picker}
              type="file"
              name={source}
              accept={ACCEPT[kind]}
              hidden
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </Button>
          {failure && (
            <Button
              size="small"
              variant="contained"
              startIcon={<Replay />}
              onClick={() => void onFile(failure.file)}
              disabled={progress !== null}
            >
              {translate('atrium.admin.upload.retry', { name: failure.file.name })}
            </Button>
          )}
          {value && (
            <Button
              size="small"
              color="inherit"
              startIcon={<Close />}
              onClick={() => {
                field.onChange(null);
              }}
              disabled={progress !== null}
            >
              {translate('atrium.admin.upload.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          sx={{ mt: 1, maxWidth: 360 }}
          aria-label={translate('atrium.admin.upload.uploading')}
        />
      )}
      <FormHelperText error={Boolean(shownError)}>{shownError ?? helperText ?? translate(HINTS[kind])}</FormHelperText>
    </Box>
  );
}
