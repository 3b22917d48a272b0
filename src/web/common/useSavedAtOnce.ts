import { useOptimistic, useTransition } from 'react';

/**
 * A choice saved as soon as it is picked (a radio, a switch): `picked` is the new value from the click
 * on, until `run` (the save and what follows it) has finished, then null again, so the control shows the
 * stored value, or the old one if the save failed; `saving` is true meanwhile. The value is an optimistic
 * value of the save's transition, drawn with the click: a mutation's own pending state reaches React only
 * after the click's event, and until then a controlled input went back to its old value.
 */
export function useSavedAtOnce<T>() {
  const [saving, startTransition] = useTransition();
  const [picked, setPicked] = useOptimistic<T | null>(null);
  const save = (value: T, run: () => Promise<void>) => {
    startTransition(async () => {
      setPicked(value);
      await run();
    });
  };
  return { picked, saving, save };
}
