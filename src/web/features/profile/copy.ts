import { useNotify } from 'react-admin';

/** Copies a text to the clipboard and says so: the given success key, or 'Copy error'. */
export function useCopy() {
  const notify = useNotify();
  return async (text: string, successKey: string) => {
    try {
      // Without a secure context (plain http) there is no clipboard: writeText throws.
      await navigator.clipboard.writeText(text);
      notify(successKey, { type: 'success' });
    } catch {
      notify('atrium.profile.copy_error', { type: 'error' });
    }
  };
}
