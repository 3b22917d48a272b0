import fs from 'node:fs';
import path from 'node:path';
import { catalogues, type Lang } from '../../i18n';

const LANGUAGES = Object.keys(catalogues) as Lang[];

/** What the web build writes about its public screens' scripts (vite.config.ts, screenPreloads). */
type Preloads = { screens: { path: string; scripts: string[] }[]; messages: Record<string, string[]> };

/**
 * The page (index.html) the server sends for a path: on a public screen's path it names the screen's
 * scripts and its starting language's messages as module preloads, so that the browser asks for them
 * while it reads the page rather than once the entry has run (issue 41: the login interactive sooner at
 * 4× CPU, docs/performance.md). The language is the address's `lang`, else the browser's, as the app
 * starts in (a language picked earlier in this browser is the app's to load). Undefined elsewhere, and
 * without the build's preload.json: the page as built.
 */
export function webPages(webDist: string): (pathname: string, lang: Lang) => string | undefined {
  const file = path.join(webDist, 'preload.json');
  if (!fs.existsSync(file)) return () => undefined;
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  if (!index.includes('</head>')) throw new Error(`${webDist}/index.html has no </head>`);
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Preloads;
  const screens = preloads.screens.map((screen) => ({
    path: new RegExp(screen.path),
    // Each screen's page in each language, made once.
    pages: new Map(
      LANGUAGES.map((lang) => {
        const scripts = new Set([...screen.scripts, ...(preloads.messages[lang] ?? [])]);
        const links = [...scripts].map((src) => `<link rel="modulepreload" crossorigin href="${src}">`).join('');
        return [lang, index.replace('</head>', `${links}</head>`)];
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
