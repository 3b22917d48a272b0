// eslint-disable-next-line no-restricted-imports -- the app's one wrapper of it
import { Pagination as RaPagination, useTranslate, type PaginationProps } from 'react-admin';

/**
 * react-admin's Pagination with the page arrows named in the interface's language on a phone too:
 * react-admin names them only on wider screens, and MUI's own names are English.
 */
export function Pagination({ slotProps, ...props }: PaginationProps) {
  const translate = useTranslate();
  const named = (type: 'previous' | 'next') => ({
    'aria-label': translate(`ra.navigation.${type}`),
    title: translate(`ra.navigation.${type}`),
  });
  return (
    <RaPagination
      {...props}
      slotProps={{
        ...slotProps,
        actions: { previousButton: named('previous'), nextButton: named('next'), ...slotProps?.actions },
      }}
    />
  );
}
