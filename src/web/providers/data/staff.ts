import { api, unwrap } from '../../../api/client';
import type { SchemaCreatePartnerUserRequest } from '../../../api/schema';
import { tagsGroups } from './staffUsers';
import type { ResourceAdapter } from './types';

/** What creating a partner takes: the request's fields, with the documents as the files picked (multipart). */
export type PartnerCreate = Omit<SchemaCreatePartnerUserRequest, 'documents'> & { documents?: File[] };

const PARTNER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'city',
  'language',
  'tag_id',
  'consultant_id',
  'company',
  'default_region',
  'send_invitation',
] as const satisfies readonly (keyof SchemaCreatePartnerUserRequest)[];

/**
 * `staff-partners` → accounts/user/create_partner_user/: create only, multipart (the fields and up to
 * 10 documents); answers with the partner, whose user id is the record's id.
 */
export const staffPartnersAdapter: ResourceAdapter = {
  async create(_resource, { data }) {
    const d = data as PartnerCreate;
    const form = new FormData();
    for (const k of PARTNER_FIELDS) {
      const v = d[k];
      if (v !== undefined && v !== '') form.append(k, String(v));
    }
    for (const f of d.documents ?? []) form.append('documents', f, f.name);
    // The typed body names the operation; the form data is what is sent.
    const body: SchemaCreatePartnerUserRequest = { ...d, documents: undefined };
    const r = await unwrap(api.POST('/accounts/user/create_partner_user/', { body, bodySerializer: () => form }));
    return { data: { ...r.partner, id: r.partner.user_id } };
  },
};

/** What the staff screens read besides their resources: custom methods of the data provider (see ./index.ts). */
export const staffMethods = {
  /** The staff tags and groups (the pickers of the lead, partner and import forms). */
  getTagsGroups: () => tagsGroups(),
};
