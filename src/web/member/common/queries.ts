import { useLocaleState } from 'react-admin';

/**
 * Query keys of the member's learning pages start with 'learning' (so one invalidation refreshes
 * them after watching, commenting or buying) and include the UI language: the server answers in it.
 */
export function useLearningKey() {
  const [locale] = useLocaleState();
  return (...parts: unknown[]) => ['learning', locale, ...parts] as const;
}

export const LEARNING_ROOT = ['learning'] as const;
