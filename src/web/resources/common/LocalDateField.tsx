import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';

/** A DateField in the interface's language (DateField alone follows the browser's, e.g. US dates in a Russian screen). */
export function LocalDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField locales={locale} {...props} />;
}
