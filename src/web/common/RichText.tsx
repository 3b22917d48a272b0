import { useRef, useState } from 'react';
import { CircularProgress, ToggleButton } from '@mui/material';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import { useNotify, useTranslate, type Validator } from 'react-admin';
import {
  ClearButtons,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { errorText, fieldErrorsOf } from './errors';
import { useUploadFile } from '../providers/data/uploadsHooks';

/** Uploads an image (POST /admin/uploads?kind=image) and puts it at the cursor. */
function UploadImageButton() {
  const translate = useTranslate();
  const notify = useNotify();
  // Null until the editor has mounted (the hook's type leaves that out).
  const editor = useTiptapEditor() as ReturnType<typeof useTiptapEditor> | null;
  const uploadFile = useUploadFile();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const label = translate('atrium.admin.rich_text.insert_image');
  const onFile = async (file: File | undefined) => {
    if (!file || !editor) return;
    setBusy(true);
    try {
      const res = await uploadFile('image', file);
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src: res.url, alt: '' } })
        .run();
    } catch (err) {
      // The server's first word on the file, else what failed (server, refusal, connection).
      notify(Object.values(fieldErrorsOf(err))[0] ?? errorText(err, translate), { type: 'error' });
    } finally {
      setBusy(false);
      if (picker.current) picker.current.value = '';
    }
  };
  return (
    <ToggleButton
      value="upload-image"
      size="small"
      aria-label={label}
      title={label}
      disabled={!editor || !editor.isEditable || busy}
      onClick={() => picker.current?.click()}
    >
      {busy ? <CircularProgress size={16} /> : <AddPhotoAlternate fontSize="inherit" />}
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
    </ToggleButton>
  );
}

/**
 * Rich text for lessons, books, news and events (tiptap through ra-input-rich-text). The toolbar offers
 * only what the server keeps when it sanitises: headings, emphasis, lists, links, quotes and images.
 */
export function RichText({
  source,
  label,
  validate,
}: {
  source: string;
  label: string;
  validate?: Validator | Validator[];
}) {
  return (
    <RichTextInput
      source={source}
      label={label}
      validate={validate}
      fullWidth
      toolbar={
        <RichTextInputToolbar>
          <LevelSelect size="small" />
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <QuoteButtons size="small" />
          <UploadImageButton />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
}
