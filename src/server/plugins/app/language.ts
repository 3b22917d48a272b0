import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { langFromHeader, type Lang } from '../../i18n';

/** Who calls (set by the operation guard) and in which language they are answered. */
export default fp((app: FastifyInstance, _opts, done) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('chosenLang', null);
  // Read from the header only when something asks before the guard has set the caller's own.
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): Lang {
      return (this.chosenLang ??= langFromHeader(this.headers['accept-language']));
    },
    setter(this: FastifyRequest, lang: Lang) {
      this.chosenLang = lang;
    },
  });
  done();
});
