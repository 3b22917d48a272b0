import { useLocaleState } from 'react-admin';
import { countryName } from './countries';

/** A stored country code shown by its name in the interface language ("DE" → "Germany" in en). */
export function CountryName({ code }: { code: string | null | undefined }) {
  const [locale] = useLocaleState();
  return <>{countryName(code, locale)}</>;
}
