import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { SchemaLessonProgress, SchemaLessonViewRequest } from '../../../api/schema';
import { contractRules } from '../../../api/validators';
import { LEARNING_ROOT } from '../common/queries';

// A position the contract accepts (LessonViewRequest.time).
const { minimum, maximum } = contractRules.LessonViewRequest.time;
const clamp = (n: number) => Math.max(minimum, Math.min(maximum, Math.floor(n)));

/**
 * Sends the watch position of a lesson (POST navigator/lesson/view/{id}/). `leaving` sends with
 * `keepalive`, so the call completes even when the page is being closed. Saved progress goes to
 * `onSaved`; the learning lists are marked stale so they show it next time.
 */
export function useProgressRecorder(lessonId: number, onSaved: (p: SchemaLessonProgress) => void) {
  const queryClient = useQueryClient();
  const saved = useRef(onSaved);
  saved.current = onSaved;
  return useCallback(
    async (view: SchemaLessonViewRequest, leaving = false) => {
      const body: SchemaLessonViewRequest = { ...view, time: clamp(view.time) };
      if (body.duration !== undefined) body.duration = Math.max(1, clamp(body.duration));
      try {
        const progress = await unwrap(
          api.POST('/navigator/lesson/view/{id}/', { params: { path: { id: lessonId } }, body, keepalive: leaving }),
        );
        saved.current(progress);
        void queryClient.invalidateQueries({ queryKey: LEARNING_ROOT });
      } catch {
        // Offline or the page is closing: the next report (every ~10 s, on pause, on leaving) tries again.
      }
    },
    [lessonId, queryClient],
  );
}
