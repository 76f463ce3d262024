import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { minifySync, type Plugin, type Rolldown } from 'vite';

/** The placeholder in public/early-press.js that the build fills. */
const PLACEHOLDER = 'var CODE = { pages: {}, presses: {} };';

export type EarlyPressModules = {
  /** A server-drawn page's address → the modules it loads first (layouts and page). */
  pages: Record<string, readonly string[]>;
  /** The start of a header control's label → the module of what a press on it opens. */
  presses: Record<string, string>;
};

/**
 * Issue 34: writes into the build's copy of public/early-press.js (which only server-drawn pages
 * load) the files beyond the entry's that each such page needs before its header hydrates, and
 * those of what each header control opens. The script preloads the page's once the app starts
 * and a control's from the press's pointerdown, so they no longer wait for the entry to run, nor
 * for the pressed control's module. `modules` are paths relative to the app's root. The file is
 * minified as well.
 */
export function earlyPressCode(modules: EarlyPressModules): Plugin {
  let file = '';
  let root = '';
  let write = true;
  let code = '';
  return {
    name: 'shipdeck-early-press-code',
    apply: 'build',
    configResolved: (config) => {
      file = join(resolve(config.root, config.build.outDir), 'early-press.js');
      // The first-load probe builds without writing (build/first-load-chunks.ts).
      write = config.build.write && !config.build.ssr;
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (!write) return;
      code = JSON.stringify(codeOf(bundle, modules, (module) => resolve(root, module)));
    },
    closeBundle: () => {
      if (!write || !existsSync(file)) return;
      const source = readFileSync(file, 'utf8');
      if (!source.includes(PLACEHOLDER)) throw new Error(`early-press.js: no "${PLACEHOLDER}"`);
      // Minified too: Vite copies public files as they are, and its comments are most of it.
      const filled = source.replace(PLACEHOLDER, () => `var CODE = ${code};`);
      const { code: minified, errors } = minifySync('early-press.js', filled);
      if (errors.length > 0) throw new Error(`early-press.js: ${errors[0]?.message ?? ''}`);
      writeFileSync(file, minified);
    },
  };
}

/**
 * Each page's and each surface's files, without the entry's own, and a surface's without those
 * every page preloads already; named as in `/assets/<name>.js` (the script adds the rest).
 */
export function codeOf(
  bundle: Rolldown.OutputBundle,
  modules: EarlyPressModules,
  absolute: (module: string) => string,
): { pages: Record<string, string[]>; presses: Record<string, string[]> } {
  const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (names: string[], into = new Set<string>()): Set<string> => {
    for (const name of names) {
      if (into.has(name)) continue;
      into.add(name);
      withImports(byName.get(name)?.imports ?? [], into);
    }
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = withImports(entry ? [entry.fileName] : []);
  const filesOf = (moduleList: readonly string[]): string[] => {
    const own = moduleList.map((module) => {
      const id = absolute(module);
      const chunk =
        chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`early-press code: no chunk holds ${module}`);
      return chunk.fileName;
    });
    return [...withImports(own)].filter((name) => !loaded.has(name));
  };
  const pages = Object.entries(modules.pages).map(([path, list]) => [path, filesOf(list)] as const);
  const onEveryPage = (name: string) => pages.every(([, files]) => files.includes(name));
  const short = (names: string[]) =>
    names.map((name) => {
      const match = /^assets\/(.+)\.js$/.exec(name);
      if (!match?.[1]) throw new Error(`early-press code: ${name} is not assets/<name>.js`);
      return match[1];
    });
  return {
    pages: Object.fromEntries(pages.map(([path, files]) => [path, short(files)])),
    presses: Object.fromEntries(
      Object.entries(modules.presses).map(([label, module]) => [
        label,
        short(filesOf([module]).filter((name) => !onEveryPage(name))),
      ]),
    ),
  };
}
