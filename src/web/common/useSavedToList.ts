import { useNotify, useRedirect } from 'react-admin';

/** mutationOptions for a Create/Edit: say the spec's success text, then go back to the list. */
export function useSavedToList(message: string, resource: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(message, { type: 'success' });
      redirect('list', resource);
    },
  };
}
