import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { SchemaLessonProgress, SchemaLessonViewRequest } from '../../../api/schema';
import { contractRules } from '../../../api/validators';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyInvalidation } from '../../providers/data/providerHooks';

// A position the contract accepts (LessonViewRequest.time).
const { minimum, maximum } = contractRules.LessonViewRequest.time;
const clamp = (n: number) => Math.max(minimum, Math.min(maximum, Math.floor(n)));

/**
 * Sends the watch position of a lesson (the provider's recordLessonView). `leaving` sends with
 * `keepalive`, so the call completes even when the page is being closed. Saved progress goes to
 * `onSaved` at once; then what recordLessonView declares stale (the learning lists) is read again.
 */
export function useProgressRecorder(lessonId: number, onSaved: (p: SchemaLessonProgress) => void) {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const applyInvalidation = useApplyInvalidation();
  return useCallback(
    async (view: SchemaLessonViewRequest, leaving = false) => {
      const body: SchemaLessonViewRequest = { ...view, time: clamp(view.time) };
      if (body.duration !== undefined) body.duration = Math.max(1, clamp(body.duration));
      try {
        const progress = await dataProvider.recordLessonView(lessonId, body, leaving);
        onSaved(progress);
        void applyInvalidation('recordLessonView');
      } catch {
        // Offline or the page is closing: the next report (every ~10 s, on pause, on leaving) tries again.
      }
    },
    [lessonId, onSaved, dataProvider, applyInvalidation],
  );
}
