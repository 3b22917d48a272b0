import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { Create, Edit, useNotify, useTranslate, type CreateProps, type EditProps } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { useBlocker, type Blocker } from 'react-router-dom';
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

/**
 * Put inside a form (a react-admin `<Form>` or `<SimpleForm>`) to ask before its unsaved typing is left
 * ("Stay" keeps the typing), for every navigation the router holds back, and before the tab is closed
 * (#40 finding 17). In place of react-admin's `warnWhenUnsavedChanges`, which asks when the blocker's state
 * changes: the router draws each change of it in a React transition, so a click that came before a "Stay"
 * was drawn (a busy browser handles input before React's next task) was drawn with it, blocked to blocked,
 * and no question came, for that click or any later one, until the form was gone. Each navigation held
 * back is a new blocker object, so this asks once per object. As react-admin's: a save that made the form
 * safe to leave lets it go on, and a path within the form's own address (its tabs) is not leaving it.
 */
export function AskBeforeLeaving() {
  const translate = useTranslate();
  const { isSubmitSuccessful, dirtyFields } = useFormState();
  const safe = Object.keys(dirtyFields).length === 0 || isSubmitSuccessful;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (safe) return false;
    const root = currentLocation.pathname;
    return !nextLocation.pathname.startsWith(root) || nextLocation.pathname.startsWith(`${root}/show`);
  });
  // The navigation last answered: a re-render before the router has drawn the answer must not ask again.
  const answered = useRef<Blocker>(undefined);
  useEffect(() => {
    if (blocker.state !== 'blocked' || answered.current === blocker) return;
    answered.current = blocker;
    if (safe || window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, safe, translate]);
  // Closing or reloading the tab: the browser's own question.
  useEffect(() => {
    if (safe) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [safe]);
  return null;
}
