import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { catalogues, type Lang } from '../../i18n';

const LANGUAGES = Object.keys(catalogues) as Lang[];

/** What the web build writes about its public screens' scripts (vite.config.ts, screenPreloads). */
type Preloads = {
  screens: { path: string; scripts: string[] }[];
  messages: Record<string, string[]>;
  /** The login's styles, as a server-rendered page gives them to emotion (a `<style>` element). */
  styles?: string;
};

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
// Made on the server's thread at a page's first request: brotli's quality 5 takes about 2 ms for the login's
// page (4.0 KB), its 11 about 70 ms (3.7 KB).
const COMPRESS: Record<Encoding, (html: string) => Buffer> = {
  br: (html) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html) => zlib.gzipSync(html),
};

/** A page of the app and its compressed copies, each made at its first request. */
export type WebPage = { html: string; copies: Partial<Record<Encoding, Buffer>> };

export const webPage = (html: string): WebPage => ({ html, copies: {} });

/**
 * The page as the request's Accept-Encoding takes it: a public screen's carries the login's styles, about
 * 37 KB that brotli makes 4.
 */
export function pageBody(
  page: WebPage,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding?: Encoding } {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, [...ENCODINGS]) : null;
  if (!encoding) return { body: page.html };
  return { body: (page.copies[encoding] ??= COMPRESS[encoding](page.html)), encoding };
}

/**
 * The page (`index`, the build's index.html) the server sends for a path: on a public screen's path it names the screen's
 * scripts and its starting language's messages as module preloads, so that the browser asks for them
 * while it reads the page rather than once the entry has run (issue 41: the login interactive sooner at
 * 4× CPU, docs/performance.md). The language is the address's `lang`, else the browser's, as the app
 * starts in (a language picked earlier in this browser is the app's to load). It carries the login's
 * styles too (preload.json's `styles`, vite.config.ts). Undefined elsewhere, and without the build's
 * preload.json: the page as built.
 */
export function webPages(webDist: string, index: string): (pathname: string, lang: Lang) => WebPage | undefined {
  const file = path.join(webDist, 'preload.json');
  if (!fs.existsSync(file)) return () => undefined;
  if (!index.includes('</head>')) throw new Error(`${webDist}/index.html has no </head>`);
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Preloads;
  const screens = preloads.screens.map((screen) => ({
    path: new RegExp(screen.path),
    // Each screen's page in each language, made once.
    pages: new Map(
      LANGUAGES.map((lang) => {
        const scripts = new Set([...screen.scripts, ...(preloads.messages[lang] ?? [])]);
        const links = [...scripts].map((src) => `<link rel="modulepreload" crossorigin href="${src}">`).join('');
        return [lang, webPage(index.replace('</head>', `${links}${preloads.styles ?? ''}</head>`))];
      }),
    ),
  }));
  return (pathname, lang) => screens.find((screen) => screen.path.test(pathname))?.pages.get(lang);
}

/** The language a page's address names (`?lang=`, as the app reads it), if it is one the app speaks. */
export function langOfAddress(query: unknown): Lang | undefined {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return LANGUAGES.find((l) => l === lang);
}
