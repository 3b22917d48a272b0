import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import {
  CreateBase,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  ValidationError,
  useInput,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { SchemaCreateLeadUserRequest } from '../../../../api/schema';
import { validatorsFor } from '../../../../api/validators';
import { withBrowserRegion } from '../../../common/countries';
import { formErrors } from '../../../common/errors';
import { FillAllEmpty } from '../../../common/FillAllEmpty';
import type { PartnerCreate } from '../../staff/data';
import { useTagsGroups } from '../../staff/hooks';
import { StaffPickerInput } from '../../staff/public';
import { NewPersonSettings } from './NewPersonSettings';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'company'] as const;
// An empty pick and a malformed email are answered in the spec's words; the rest are the contract's limits and messages.
const PICKS = {
  tag_id: { presence: 'atrium.staff.people.select_tag' },
  consultant_id: { presence: 'atrium.staff.people.select_consultant' },
  email: { email: 'atrium.validation.email_is_invalid' },
};
const leadRules = validatorsFor('CreateLeadUserRequest', PICKS);
const partnerRules = validatorsFor('CreatePartnerUserRequest', PICKS);

type Values = Partial<SchemaCreateLeadUserRequest & PartnerCreate>;

/**
 * Sends only what was filled: an emptied optional field (null or '') is left out, as the contract wants;
 * a phone typed without its country code is read in the browser's region.
 */
const filledOnly = (data: Values): Values =>
  withBrowserRegion(
    Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([, v]) => v !== null && v !== '')),
  );

/** The partner's documents (PDF, JPEG, PNG), sent with the fields; the server's word on them below. */
function DocumentsInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<File[]>({ source: 'documents', defaultValue: [] });
  const files = (field.value as File[] | undefined) ?? [];
  const message = fieldState.error?.message;
  return (
    <Stack spacing={1}>
      <Button variant="outlined" component="label">
        {translate('atrium.staff.people.documents')}
        <input
          hidden
          multiple
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          name="documents"
          onChange={(e) => {
            field.onChange(Array.from(e.target.files ?? []));
          }}
        />
      </Button>
      {files.map((f) => (
        <Typography key={f.name} variant="body2">{`${f.name} · ${String(Math.ceil(f.size / 1024))} KB`}</Typography>
      ))}
      {message && (
        <Alert severity="error">
          <ValidationError error={message} />
        </Alert>
      )}
    </Stack>
  );
}

function Save() {
  const { isSubmitting } = useFormState();
  // Enabled on a pristine form too: saving it empty shows what is missing.
  return (
    <SaveButton label="atrium.staff.people.create" icon={<></>} alwaysEnable={!isSubmitting} disabled={isSubmitting} />
  );
}

/**
 * Creates a lead (the `staff-users` resource; enters lead routing) or, with `partner`, a partner with
 * company and documents (`staff-partners`, multipart). The server's field errors land under the fields.
 */
export function PersonDialog({ partner, open, onClose }: { partner?: boolean; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const tags = useTagsGroups({ enabled: open });
  const [alert, setAlert] = useState<string | null>(null);
  const rules = partner ? partnerRules : leadRules;
  const fields = FIELDS.filter((f) => partner || f !== 'company');
  const title = translate(partner ? 'atrium.staff.people.new_partner' : 'atrium.staff.people.new_lead');
  const close = () => {
    setAlert(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="person-title">
      <CreateBase<Values>
        resource={partner ? 'staff-partners' : 'staff-users'}
        redirect={false}
        mutationMode="pessimistic"
        transform={filledOnly}
        mutationOptions={{
          onSuccess: () => {
            notify(partner ? 'atrium.staff.people.partner_created' : 'atrium.staff.people.lead_created', {
              type: 'success',
            });
            refresh();
            close();
          },
          // Field errors go under their fields (the form does that); the rest shows above the form.
          onError: (err) => {
            setAlert(
              formErrors(err, translate, [...fields, 'tag_id', 'consultant_id', 'language', 'time_zone', 'documents'])
                .alert,
            );
          },
        }}
      >
        <Form<Values> noValidate>
          <DialogTitle id="person-title">{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {alert && <Alert severity="error">{alert}</Alert>}
              <FillAllEmpty />
              {fields.map((f) => (
                <TextInput
                  key={f}
                  source={f}
                  label={`atrium.staff.people.${f}`}
                  type={f === 'email' ? 'email' : 'text'}
                  validate={f === 'company' ? partnerRules.company : rules[f]}
                  helperText={false}
                />
              ))}
              <SelectInput
                source="tag_id"
                label="atrium.staff.people.tag"
                choices={tags.data?.tags ?? []}
                isPending={tags.isPending}
                validate={rules.tag_id}
                helperText={false}
              />
              <StaffPickerInput source="consultant_id" validate={rules.consultant_id} />
              <NewPersonSettings rules={rules}>{partner && <DocumentsInput />}</NewPersonSettings>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('atrium.staff.list.cancel')}</Button>
            <Save />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
