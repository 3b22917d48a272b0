import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Form, ResourceContextProvider, SaveButton, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ElementInputs } from './ElementInputs';
import { ElementPreview } from './ElementPreview';
import type { ElementValues } from './model';

/** The element as typed so far, drawn as the page will show it. */
function LivePreview() {
  const translate = useTranslate();
  // Empty until the form has registered its values.
  const values = useWatch() as Partial<ElementValues>;
  if (!values.type) return null;
  return (
    <Box aria-live="polite">
      <Typography variant="overline" color="text.secondary">
        {translate('atrium.flows.editor.preview')}
      </Typography>
      <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default' }}>
        <ElementPreview
          element={{ type: values.type, content: values.content ?? {}, previewImage: values.image_file?.src }}
        />
      </Box>
    </Box>
  );
}

/**
 * Adds or edits one element: the inputs of its type beside a live preview (stacked on a phone).
 * Server field errors (`content.link`…) land on the inputs through react-admin's form.
 */
export function ElementDialog({
  values,
  onSave,
  onClose,
}: {
  values: ElementValues | null;
  onSave: (v: ElementValues) => Promise<Record<string, string> | undefined>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (!values) return null;
  const type = translate(`atrium.flows.types.${values.type}`);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="element-dialog-title">
      <ResourceContextProvider value="landing-elements">
        <Form record={values} onSubmit={(v: Record<string, unknown>) => onSave(v as ElementValues)} mode="onChange">
          <DialogTitle id="element-dialog-title">
            {translate(values.id ? 'atrium.flows.editor.edit_element' : 'atrium.flows.editor.new_element', { type })}
          </DialogTitle>
          <DialogContent dividers>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={3}
              divider={<Divider flexItem orientation={phone ? 'horizontal' : 'vertical'} />}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ElementInputs type={values.type} />
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <LivePreview />
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('atrium.flows.editor.cancel')}</Button>
            {/* A new element may be saved as it opened (a lead form's defaults are a whole form; what is
              missing elsewhere is said by the validation); an existing one once something changed. */}
            <SaveButton label="atrium.flows.editor.save" alwaysEnable={!values.id} />
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
