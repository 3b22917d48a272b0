import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import categories from './admin/categories';
import lessons from './admin/lessons';
import materials from './admin/materials';
import { lessonReads, lessonsReads } from './reads';

/** Lessons in categories for everyone; their content managed by admins. */
export default {
  routes: [
    { path: '/lessons', access: 'lessons', screen: lazyScreen(() => import('./LessonsPage')), reads: lessonsReads },
    { path: '/lessons/category/:id', access: 'lessons', screen: lazyScreen(() => import('./CategoryPage')) },
    {
      path: '/lesson/view/:id',
      access: 'lessons',
      screen: lazyScreen(() => import('./LessonPage')),
      reads: lessonReads,
    },
  ],
  resources: [
    { name: 'admin/lesson-categories', ...categories },
    { name: 'admin/lessons', ...lessons },
    { name: 'admin/lesson-materials', ...materials },
  ],
} satisfies Feature;
