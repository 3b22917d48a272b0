import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { Create, Edit, useNotify, type CreateProps, type EditProps } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { useFormAlert } from './errors';

type Transform = (data: Record<string, unknown>) => Record<string, unknown>;

/** Create, then back to the list; server validation errors land on the fields. */
export function ContentCreate({
  children,
  transform,
  redirect = 'list',
  record,
}: {
  children: ReactNode;
  transform?: Transform;
  redirect?: CreateProps['redirect'];
  record?: Record<string, unknown>;
}) {
  return (
    <Create redirect={redirect} transform={transform} record={record}>
      {children}
    </Create>
  );
}

/** Edit pessimistically (the server validates and sanitises), then back to the list. */
export function ContentEdit({
  children,
  transform,
  redirect = 'list',
}: {
  children: ReactNode;
  transform?: Transform;
  redirect?: EditProps['redirect'];
}) {
  return (
    <Edit mutationMode="pessimistic" redirect={redirect} transform={transform}>
      {children}
    </Edit>
  );
}

/**
 * Inside a react-admin <Form> given `disableInvalidFormNotification`: a submit its own validators stopped
 * shows `message` as an error toast (the screen's wording instead of react-admin's 'The form is not
 * valid'); a submit the server refused says nothing here (the screen tells that itself).
 */
export function InvalidFormNotice({ message }: { message: string }) {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    const local = Object.entries(errors).some(([name, e]) => name !== 'root' && e?.type !== 'server');
    if (local) notify(message, { type: 'error' });
  }, [submitCount, errors, notify, message]);
  return null;
}

/** Inside a react-admin <Form>: the refusal a failed submit left (`{ root: { server } }`), above the fields. */
export function FormRefusal() {
  const alert = useFormAlert();
  return alert ? <Alert severity="error">{alert}</Alert> : null;
}

/**
 * Inside a react-admin <Form>: empties it once a submit went through (a sent reply, a changed password),
 * as react-hook-form advises (reset after a successful submit, in an effect); a submit refused by the
 * form's checks or the server (errors returned by `onSubmit`) keeps what was typed.
 */
export function ResetAfterSubmit() {
  const { isSubmitSuccessful } = useFormState();
  const { reset } = useFormContext();
  useEffect(() => {
    if (isSubmitSuccessful) reset();
  }, [isSubmitSuccessful, reset]);
  return null;
}
