import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCreate, useNotify, useRefresh, useTranslate } from 'react-admin';
import { createPartner, tagsGroups } from '../../providers/data/staffUsers';
import { ApiError } from '../../../api/client';
import { StaffPicker } from '../list/StaffPicker';
import { errorText } from '../list/useStaffAction';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'company'] as const;
type Tag = { id: number; name: string };

/** Creates a lead (enters lead routing) or, with `partner`, a partner with company and documents. */
export function PersonDialog({ partner, open, onClose }: { partner?: boolean; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create, { isPending }] = useCreate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [tag, setTag] = useState<number | ''>('');
  const [consultant, setConsultant] = useState<number | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tags, setTags] = useState<Tag[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) void tagsGroups().then((r) => setTags(r.tags));
  }, [open]);
  const fields = FIELDS.filter((f) => partner || f !== 'company');
  const done = () => {
    notify(translate(partner ? 'atrium.admin.people.partner_created' : 'atrium.admin.people.lead_created'), { type: 'success' });
    setValues({});
    setFiles([]);
    setErrors({});
    refresh();
    onClose();
  };
  const failed = (e: unknown) => setErrors(e instanceof ApiError && e.status === 400 ? { ...e.fieldErrors, _: '' } : { _: errorText(e) });
  const submit = async () => {
    // The server says the same for a wrong id; an empty pick is answered here in the spec's words.
    const missing = { ...(!tag && { tag_id: translate('atrium.admin.people.select_tag') }), ...(!consultant && { consultant_id: translate('atrium.admin.people.select_consultant') }) };
    if (Object.keys(missing).length) return setErrors(missing);
    const data = { ...values, tag_id: tag || undefined, consultant_id: consultant || undefined };
    if (!partner) return create('staff-users', { data }, { onSuccess: done, onError: failed });
    setBusy(true);
    try {
      await createPartner(data, files);
      done();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const title = translate(partner ? 'atrium.admin.people.new_partner' : 'atrium.admin.people.new_lead');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={(e) => (e.preventDefault(), void submit())} aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors._ && <Alert severity="error">{errors._}</Alert>}
            {fields.map((f, i) => (
              <TextField
                key={f}
                name={f}
                label={translate(`atrium.admin.people.${f}`)}
                type={f === 'email' ? 'email' : 'text'}
                required={f !== 'phone'}
                autoFocus={i === 0}
                value={values[f] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                error={!!errors[f]}
                helperText={errors[f]}
              />
            ))}
            <TextField select label={translate('atrium.admin.people.tag')} value={tag} onChange={(e) => setTag(Number(e.target.value))} error={!!errors.tag_id} helperText={errors.tag_id}>
              {tags.map((t) => (
                <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>
              ))}
            </TextField>
            <StaffPicker value={consultant} onChange={setConsultant} error={errors.consultant_id} />
            {partner && (
              <Stack spacing={1}>
                <Button variant="outlined" component="label">
                  {translate('atrium.admin.people.documents')}
                  <input hidden multiple type="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" name="documents" onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
                </Button>
                {files.map((f) => (
                  <Typography key={f.name} variant="body2">{`${f.name} · ${Math.ceil(f.size / 1024)} KB`}</Typography>
                ))}
                {errors.documents && <Alert severity="error">{errors.documents}</Alert>}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('atrium.admin.list.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isPending || busy}>
            {translate('atrium.admin.people.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
