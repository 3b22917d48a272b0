import type { HttpError } from 'react-admin';

/**
 * The 400 answer's field errors (react-admin's HttpError keeps them under body.errors) and what of
 * it no field of the form can show: non_field_errors, or errors of fields the form does not have.
 * The form shows the first per field; the rest goes into a notification.
 */
export function splitServerErrors(error: unknown, formFields: readonly string[]): { fieldErrors?: Record<string, string>; notice?: string } {
  const errors = (error as HttpError | undefined)?.body?.errors as Record<string, string> | undefined;
  if (!errors || !Object.keys(errors).length) return { notice: (error as Error | undefined)?.message ?? 'atrium.errors.server' };
  const unshown = Object.entries(errors).filter(([field]) => !formFields.includes(field));
  if (!unshown.length) return { fieldErrors: errors };
  const notice = unshown.map(([field, message]) => (field === 'non_field_errors' ? message : `${field}: ${message}`)).join('\n');
  return { fieldErrors: errors, notice };
}
