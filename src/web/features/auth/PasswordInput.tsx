import type { ReactNode } from 'react';
import type { TextFieldProps } from '@mui/material';
import { useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { PasswordField } from '../../common/PasswordField';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'helperText' | 'label'> & {
  source: string;
  /** A catalogue key. */
  label: string;
  validate?: Validator[];
  /** A catalogue key, shown while the field has no error. */
  helperText?: string | false;
};

/**
 * A password input of a react-admin <Form>: the show/hide field (PasswordField, whose button is named by
 * its title so "the field labelled Password" stays one element), with the form's value and errors.
 */
export function PasswordInput({ source, label, validate, helperText, ...rest }: Props) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const message = fieldState.error?.message;
  let help: ReactNode = helperText && translate(helperText);
  if (message) help = <ValidationError error={message} />;
  return (
    <PasswordField
      {...rest}
      {...field}
      value={(field.value as string | undefined) ?? ''}
      required={rest.required ?? isRequired}
      label={translate(label)}
      error={fieldState.invalid}
      helperText={help}
    />
  );
}
