import type { FastifyRequest } from 'fastify';
import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { t } from '../i18n';
import { addComment, deleteComment, getComment, listComments, moderateComment } from '../services/lessons/comments';
import {
  dashboardLessons,
  getLesson,
  listCategories,
  listFreeLessons,
  listLessons,
  recordLessonView,
} from '../services/lessons/lessons';

const caller = (req: FastifyRequest) => ({ id: signedIn(req).id, role: signedIn(req).role, lang: req.lang });

/** Lessons: categories, lists, the lesson page, watch progress, comments, the dashboard block. */
export const lessonsHandlers: HandlerTable = {
  listLessonCategories: async (req) => listCategories(req.server.ctx, caller(req)),
  listFreeLessons: async (req) => listFreeLessons(req.server.ctx, caller(req)),
  // PostgreSQL writes these answers whole (lesson briefs: views.ts, briefJsonSql).
  listLessons: async (req, reply) =>
    sendJsonText<'listLessons'>(reply, await listLessons(req.server.ctx, caller(req), req.body, req.query)),
  getLesson: async (req) => getLesson(req.server.ctx, caller(req), req.params.id),
  recordLessonView: async (req) => recordLessonView(req.server.ctx, caller(req), req.params.id, req.body),
  getDashboardLessons: async (req, reply) =>
    sendJsonText<'getDashboardLessons'>(reply, await dashboardLessons(req.server.ctx, caller(req))),

  listComments: async (req, reply) =>
    sendJsonText<'listComments'>(reply, await listComments(req.server.ctx, caller(req), req.query)),
  getComment: async (req) => getComment(req.server.ctx, caller(req), req.params.id),
  addComment: async (req, reply) => {
    reply.status(201);
    return addComment(req.server.ctx, caller(req), req.body);
  },
  deleteComment: async (req) => {
    await deleteComment(req.server.ctx, caller(req), req.params.id);
    return { detail: t(req.lang, 'deleted') };
  },
  moderateComment: async (req) => moderateComment(req.server.ctx, caller(req), req.params.id, req.body.is_hidden),
};
