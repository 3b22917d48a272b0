import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, runnerImport, type Plugin, type Rolldown, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { auth } from './src/web/features/auth/i18n.ts';
import { core } from './src/web/i18n/core.ts';
import { PUBLIC_SCREENS } from './src/web/features/auth/publicScreens.ts';

/**
 * node-polyglot (react-admin's translator) calls the `object.entries` and `hasown` packages, ES2017/ES2022
 * shims whose dependencies (get-intrinsic, define-properties, call-bind, function-bind…) weigh about 5 KB
 * gzip on the login screen. Every browser the app supports has what they stand in for: each is answered
 * by the built-in.
 */
const NATIVE: Record<string, string> = {
  'object.entries': 'module.exports = function entries(o) { return Object.entries(o); };',
  hasown: 'module.exports = Function.prototype.call.bind(Object.prototype.hasOwnProperty);',
};
export function nativeShims(): Plugin {
  const prefix = '\0native:';
  return {
    name: 'atrium:native-shims',
    enforce: 'pre',
    resolveId: (source) => (Object.hasOwn(NATIVE, source) ? `${prefix}${source}` : null),
    load: (id) => (id.startsWith(prefix) ? NATIVE[id.slice(prefix.length)] : null),
  };
}

/**
 * `virtual:atrium-public-messages/<lang>`: one language's messages for the public screens, react-admin's
 * and the app's shell and auth area's, as a module of its own (src/web/providers/startingLocale.ts). The
 * areas keep their three languages side by side in one module, which the bundler cannot split by
 * language; built here, the login screen downloads one language, not three.
 */
export function publicMessages(): Plugin {
  const prefix = 'virtual:atrium-public-messages/';
  const reactAdmin: Record<string, string> = {
    ru: `import ra from 'ra-language-russian';`,
    en: `import ra from 'ra-language-english';`,
    de: `import { raGerman as ra } from ${JSON.stringify(fileURLToPath(new URL('src/web/i18n/ra-de.ts', import.meta.url)))};`,
  };
  const own = { ru: core.ru, en: core.en, de: core.de } as const;
  return {
    name: 'atrium:public-messages',
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : null),
    load: (id) => {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const locale = id.slice(prefix.length + 1) as keyof typeof own;
      const atrium = { ...own[locale], auth: auth[locale] };
      return `${reactAdmin[locale]}\nexport const messages = { ...ra, atrium: ${JSON.stringify(atrium)} };\n`;
    },
  };
}

/**
 * react-router 7 maps every entry of its exports map to its development build (dist/development: warnings
 * checked on each render of <Routes>, the error screen's "Hey developer" notes; remix-run/react-router#12532),
 * though dist/production ships beside it. The production build takes each entry's production twin (index,
 * dom…) by an alias to the file, read from react-router's exports map where react-router-dom finds the
 * package; the development server and Vitest keep the development build and its warnings.
 */
function productionReactRouter(): Plugin {
  const fromDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom/package.json'));
  const manifest = fromDom.resolve('react-router/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    exports: Record<string, string | { import?: { default?: string } }>;
  };
  const alias = Object.entries(exports).flatMap(([entry, target]) => {
    const development = typeof target === 'object' ? target.import?.default : undefined;
    if (!development?.includes('/development/')) return [];
    const production = path.join(path.dirname(manifest), development.replace('/development/', '/production/'));
    // A react-router whose layout changed fails the build instead of bundling its development build unseen.
    if (!fs.existsSync(production)) throw new Error(`react-router ${entry} has no production build at ${production}`);
    const name = `react-router${entry.slice(1)}`.replace(/[/.]/g, '\\$&');
    return [{ find: new RegExp(`^${name}$`), replacement: production }];
  });
  // Nor does a react-router whose exports map no longer names its development build pass unseen: then
  // this alias is not needed, or no longer matches the map.
  if (!alias.some((a) => a.find.test('react-router')))
    throw new Error(`react-router's exports map (${manifest}) names no development build of its index to replace`);
  return {
    name: 'atrium:production-react-router',
    apply: 'build',
    config: () => ({ resolve: { alias } }),
  };
}

type Tree = { [k: string]: string | Tree };
/** What `full` has that `under` does not already hold, the same text at the same key. */
function beyond(full: Tree, under: Tree): Tree {
  const out: Tree = {};
  for (const [k, v] of Object.entries(full)) {
    const base = under[k];
    if (typeof v === 'string') {
      if (v !== base) out[k] = v;
    } else {
      const rest = typeof base === 'object' ? beyond(v, base) : v;
      if (Object.keys(rest).length) out[k] = rest;
    }
  }
  return out;
}

/**
 * `virtual:atrium-app-messages/<lang>`: one language's messages for the signed-in app, every area's
 * (src/web/i18n/<lang>.ts) less what the public messages above already hold, as JSON of its own
 * (src/web/providers/startingLocale.ts). The areas keep their three languages side by side, so the
 * modules themselves would bring all three (177 KB); built here, the app loads its language's (about a
 * third), another one's on a switch. In development the module re-exports the catalogue, which then
 * follows edits.
 */
export function appMessages(): Plugin {
  const prefix = 'virtual:atrium-app-messages/';
  const LANGUAGES = ['ru', 'en', 'de'] as const;
  type Language = (typeof LANGUAGES)[number];
  const catalogue = (locale: Language) => fileURLToPath(new URL(`src/web/i18n/${locale}.ts`, import.meta.url));
  let serve = false;
  let built: Partial<Record<Language, string>> = {};
  return {
    name: 'atrium:app-messages',
    configResolved: (config) => {
      serve = config.command === 'serve';
    },
    // Read when the build starts, not with this config: the catalogues import their areas without file
    // extensions, which Vite's coming native config loader refuses.
    buildStart: async function () {
      if (serve) return;
      built = {};
      await Promise.all(
        LANGUAGES.map(async (locale) => {
          const { module, dependencies } = await runnerImport<Record<Language, Tree>>(catalogue(locale), {
            configFile: false,
            logLevel: 'warn',
          });
          for (const file of dependencies) this.addWatchFile(file);
          const own = beyond(module[locale], { atrium: { ...core[locale], auth: auth[locale] } });
          // JSON.parse of a string: V8 reads it faster than the same object as a literal.
          built[locale] = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(own))});\n`;
        }),
      );
    },
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : null),
    load: (id) => {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const locale = id.slice(prefix.length + 1) as Language;
      if (serve) return `export { ${locale} as messages } from ${JSON.stringify(catalogue(locale))};\n`;
      const code = built[locale];
      if (!code) throw new Error(`no app messages for ${locale}`);
      return code;
    },
  };
}

/**
 * The starting language's messages load beside the entry's scripts, not after them: src/web/preloadLanguage.ts
 * is an entry of its own, put into index.html as an async module (an async module script written in
 * index.html would be merged into the main entry), so it runs as soon as it arrives and asks for the
 * language chunk the app (main.tsx) then waits for.
 */
function startingLanguageLoader(): Plugin {
  const name = 'language';
  return {
    name: 'atrium:starting-language',
    config: (_config, env) =>
      env.command === 'build'
        ? {
            build: {
              rolldownOptions: {
                input: {
                  index: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
                  [name]: fileURLToPath(new URL('src/web/preloadLanguage.ts', import.meta.url)),
                },
              },
            },
          }
        : undefined,
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        let src = '/preloadLanguage.ts';
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === name);
          if (!chunk) throw new Error('the build has no preloadLanguage entry');
          src = `/${chunk.fileName}`;
        }
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The chunks of `chunks` that `from` reaches (itself included) through `next` (the names of the chunks
 * each one imports, as the build's output names them), each next one only when `follow` agrees.
 */
function reachedChunks(
  chunks: readonly Rolldown.OutputChunk[],
  from: readonly Rolldown.OutputChunk[],
  next: (chunk: Rolldown.OutputChunk) => readonly string[],
  follow: (chunk: Rolldown.OutputChunk) => boolean = () => true,
): Rolldown.OutputChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const todo = [...from];
  for (let chunk = todo.pop(); chunk; chunk = todo.pop()) {
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const name of next(chunk)) {
      const c = byName.get(name);
      if (c && follow(c)) todo.push(c);
    }
  }
  return [...seen.values()];
}

/**
 * Fewer, larger chunks (issue 41, issue 39's CI time): left to the automatic splitting, react-admin's and
 * MUI's modules came as ~60 small chunks, one per set of screens sharing them, and a signed-in screen's
 * cold load fetched ~105 scripts (the login 31). Three groups instead: `start` (what the entry's first run
 * needs), `public-libs` (the public screens' libraries) and `app-libs` (the libraries 3+ signed-in screens
 * share); the login does not download app-libs. Which modules are public only the chunks tell (the module
 * graph reaches all of react-admin through its index, which tree-shaking then cuts), so a first build
 * with the automatic splitting and without minifying (write: false) gives the modules of the chunks the
 * entries reach without going into the signed-in app (AdminApp.tsx, the data provider, the app's
 * messages). Libraries only a few screens use (charts, date pickers, the rich-text editor, the PDF
 * reader, libphonenumber) stay with them. docs/performance.md "#41 chunks" has the figures.
 */
function signedInLibraries(): { plugin: Plugin; codeSplitting: Rolldown.OutputOptions['codeSplitting'] } {
  const PROBE = 'ATRIUM_CHUNK_PROBE';
  const publicModules = new Set<string>();
  const startModules = new Set<string>();
  /** The other entries' (the starting-language loader's) modules, left where the probe put them. */
  const loaderModules = new Set<string>();
  const intoApp = /[\\/]src[\\/]web[\\/](AdminApp\.tsx|providers[\\/]data[\\/]index\.ts)$|virtual:atrium-app-messages/;
  const ownChunks =
    // The rich-text editor's own libraries too (prosemirror's rope-sequence, w3c-keyname and orderedmap,
    // the link extension's linkifyjs, @tiptap/react's fast-equals): 28 KB every signed-in page read.
    /node_modules[\\/](@mui[\\/]x-|@tiptap|prosemirror|rope-sequence|w3c-keyname|orderedmap|linkifyjs|fast-equals|pdfjs-dist|react-pdf|libphonenumber-js|ra-input-rich-text|d3-)/;
  let probed = false;
  return {
    plugin: {
      name: 'atrium:signed-in-libraries',
      apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env[PROBE],
      buildStart: async () => {
        if (probed) return;
        probed = true;
        process.env[PROBE] = '1';
        let output: Rolldown.OutputChunk[];
        try {
          const result = await build({
            configFile: fileURLToPath(import.meta.url),
            logLevel: 'silent',
            build: { write: false, minify: false },
          });
          output = (Array.isArray(result) ? result : [result]).flatMap((r) =>
            'output' in r ? r.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk') : [],
          );
        } finally {
          process.env[PROBE] = '';
        }
        /** The chunks `from` reaches: by static imports, and by dynamic ones unless into the signed-in app. */
        const reach = (from: Rolldown.OutputChunk[], dynamic: boolean) =>
          reachedChunks(
            output,
            from,
            (chunk) => [...chunk.imports, ...(dynamic ? chunk.dynamicImports : [])],
            (c) => !(c.facadeModuleId && intoApp.test(c.facadeModuleId)),
          );
        const entries = output.filter((c) => c.isEntry);
        for (const chunk of reach(entries, true)) for (const id of chunk.moduleIds) publicModules.add(id);
        const main = entries.find((c) => c.name === 'index');
        if (!main || !publicModules.size) throw new Error('the chunk probe found no public module');
        for (const chunk of reach(
          entries.filter((c) => c !== main),
          false,
        ))
          for (const id of chunk.moduleIds) loaderModules.add(id);
        for (const chunk of reach([main], false))
          for (const id of chunk.moduleIds)
            if (!loaderModules.has(id) && id !== main.facadeModuleId) startModules.add(id);
      },
    },
    // The probe's own build splits automatically.
    codeSplitting: process.env[PROBE]
      ? true
      : {
          groups: [
            // What the entry's first run needs, in the order the probe put it (its own dependencies are there
            // too or in the starting-language loader's chunks, which stay apart so that it runs early).
            { name: 'start', priority: 3, test: (id) => startModules.has(id), includeDependenciesRecursively: false },
            // The public screens' libraries (the login's form…): kept out of app-libs, which imports them.
            {
              name: 'public-libs',
              priority: 2,
              test: (id) =>
                /node_modules/.test(id) && publicModules.has(id) && !loaderModules.has(id) && !ownChunks.test(id),
            },
            {
              name: 'app-libs',
              priority: 1,
              test: (id) => /node_modules/.test(id) && !publicModules.has(id) && !ownChunks.test(id),
              // Shared by 3 screens or more: the rest stays with its screens (the dashboard's scripts: 1,557 KB
              // with every library in app-libs, 1,441 KB so).
              minShareCount: 3,
            },
          ],
        },
  };
}
/**
 * Every script's functions compiled while it downloads (issue 41): V8 compiles a function when it first
 * runs, on the main thread, and a screen's first render runs most of react-dom's, MUI's and
 * react-admin's. At 4× CPU that lazy compiling was 1.2–4 s of a cold load's main thread (web-trace's
 * scriptCompile). Chromium's explicit compile hint, `//# allFunctionsCalledOnLoad` on a file's first line
 * (Chrome 136+), compiles the whole file on the streaming thread instead; other browsers read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function eagerCompileHint(): Plugin {
  return {
    name: 'atrium:eager-compile-hint',
    apply: 'build',
    generateBundle: {
      // After Vite's preload helper, which puts its dependency map first in a chunk.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // A line more at the top: the sourcemap (a trace build's) starts one line later.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

const FIRST_STYLES = fileURLToPath(new URL('src/web/layout/first-styles.json', import.meta.url));

/**
 * A public screen's scripts named in the page the server sends for its path (issue 41): the browser asks
 * for them while it reads the page, beside the entry's, instead of once the entry has arrived and run
 * (the login's screen, its form parts and the language's messages came 0.3–0.7 s later at 4× CPU). The
 * build writes `preload.json`: each screen's path and the scripts its module needs that index.html does
 * not load, and each language's public messages the same way; the server (plugins/app/web-app.ts) adds
 * them as `<link rel="modulepreload">`, the language by the address's `lang` or the browser's.
 * And the login's styles (`styles`, from src/web/layout/first-styles.json), which the server writes into
 * the public screens' pages: emotion takes the rules of a server-rendered page as inserted, so the
 * screen's first render neither compiles its CSS (stylis) nor inserts it rule by rule, a tenth of the
 * login's time at bench:web's 4× CPU. Class names are hashes of the styles: a stale file only adds unused
 * rules, and a changed style is inserted as before (login-styles.spec tells when to make the file again).
 * The signed-in pages (index.html as built) do without them: they would only be read there.
 */
function screenPreloads(): Plugin {
  return {
    name: 'atrium:screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const withImports = (from: Rolldown.OutputChunk[]) =>
        reachedChunks(chunks, from, (chunk) => chunk.imports).map((c) => c.fileName);
      const inPage = new Set(withImports(chunks.filter((c) => c.isEntry)));
      const scriptsOf = (what: string, test: (id: string) => boolean) => {
        const chunk = chunks.find((c) => c.facadeModuleId !== null && test(c.facadeModuleId));
        if (!chunk) throw new Error(`screenPreloads: no chunk of ${what}`);
        return withImports([chunk])
          .filter((name) => !inPage.has(name))
          .map((name) => `/${name}`);
      };
      const screens = Object.entries(PUBLIC_SCREENS).map(([screen, route]) => ({
        path: route.source,
        scripts: scriptsOf(screen, (id) => id.endsWith(`/features/auth/${screen}.tsx`)),
      }));
      const messages = Object.fromEntries(
        Object.keys(core).map((lang) => [
          lang,
          scriptsOf(`${lang} messages`, (id) => id.endsWith(`atrium-public-messages/${lang}`)),
        ]),
      );
      // The login's styles as emotion reads them from a server-rendered page (`<style data-emotion="css <names>">`
      // holds the rules of the names, taken as inserted): made by `npm run first-styles` (scripts/first-styles.ts).
      const first = JSON.parse(fs.readFileSync(FIRST_STYLES, 'utf8')) as { names: string[]; css: string };
      const styles = `<style data-emotion="css ${first.names.join(' ')}">${first.css}</style>`;
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify({ screens, messages, styles }) });
    },
  };
}

/**
 * Scripts and styles sent compressed (issue 41, a phone's network): the server sent the login's 780 KB of
 * JavaScript as it is. The build writes a brotli and a gzip copy of each text file beside it
 * (scripts/precompress.ts), and @fastify/static sends the one the browser accepts.
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'atrium:precompressed',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: { order: 'post', sequential: true, handler: () => precompress(outDir) },
  };
}

const libraries = signedInLibraries();

// The web app (`vite build`, `vite` in development).
const web: UserConfig = {
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    nativeShims(),
    productionReactRouter(),
    publicMessages(),
    appMessages(),
    startingLanguageLoader(),
    libraries.plugin,
    screenPreloads(),
    eagerCompileHint(),
    precompressed(),
  ],
  // hoist-non-react-statics (emotion) brings its own react-is 16 beside React's 19, which has the same symbols.
  resolve: { dedupe: ['react-is'] },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: libraries.codeSplitting } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
};

// The server compiled to JavaScript for `npm start` (`vite build --ssr src/server/main.ts`): one ES module
// bundle for Node 20 in dist-server/, the packages left to node_modules. It reads the contract and the
// migrations from the checkout (src/server/paths.ts).
const server: UserConfig = {
  root: '.',
  publicDir: false,
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? server : web));
