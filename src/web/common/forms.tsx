import type { ReactNode } from 'react';
import { Create, Edit, type CreateProps, type EditProps } from 'react-admin';

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
