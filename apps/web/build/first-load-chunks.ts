import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { build, type InlineConfig, type Rolldown } from 'vite';

/**
 * What each page loads before its first render: its route modules from app/router.tsx, i.e. its
 * layouts from the outside in and the page itself (main.tsx, the entry, is every page's). Paths
 * are relative to apps/web.
 */
export type FirstLoads = Readonly<Record<string, readonly string[]>>;

type Chunk = Rolldown.OutputChunk;

/**
 * A code-splitting group that puts the code every page loads before its first render into one
 * chunk per set of pages loading it: what the same pages load first, they fetch in one request.
 *
 * Rolldown splits by the set of dynamic imports that reach a module, and every layout route is a
 * dynamic import of its own, so a signed-in page's first load came in ~50 chunks whose sets
 * differed only by layouts that page loads anyway (over six HTTP/1.1 connections, after the entry
 * has run: the dashboard's largest paint waited on them). Regrouped by the pages that load them,
 * no page loads a byte it did not load before, and each loads fewer files.
 *
 * The sets come from a first build with Rolldown's own split (`config`, not written): its chunks
 * hold what tree-shaking kept (a package's index re-exports everything, lucide-react every icon;
 * the module graph alone would put all of them on every page). Left to Rolldown: the entry
 * chunk (every page's), what loads only later (charts, dialogs) and groups of higher priority.
 */
export async function firstLoadChunks(
  config: InlineConfig,
  firstLoads: FirstLoads,
  root: string,
  /** Pages with a tighter budget: they take no small chunk of the other pages (mergeSmallGroups). */
  leanPages: readonly string[] = [],
): Promise<Rolldown.CodeSplittingGroup> {
  const router = `${root}/src/app/router.tsx`;
  const { chunks, routeModules } = await buildChunks(config, router);
  const chunkOf = new Map<string, Chunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('first-load chunks: the build has no entry chunk');
  checkRoutesCovered(routeModules, firstLoads, root);

  // Each page's first load: the entry's chunk, its route modules' chunks and what they import.
  const pagesLoading = new Map<Chunk, string[]>();
  for (const [page, files] of Object.entries(firstLoads)) {
    const pending = files.map((file) => {
      const chunk = chunkOf.get(`${root}/${file}`);
      if (!chunk) throw new Error(`first-load chunks: ${file} (page ${page}) is not in the build`);
      return chunk;
    });
    const seen = new Set<Chunk>([entry]);
    for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      pagesLoading.set(chunk, [...(pagesLoading.get(chunk) ?? []), page]);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) pending.push(imported);
      }
    }
  }

  const groupOf = new Map<string, string>();
  for (const [pages, group] of mergeSmallGroups(pagesLoading, new Set(leanPages))) {
    // One name per page set: two sets must not share a name (they would share a chunk).
    const name =
      pages.length === 1
        ? (pages[0] ?? '')
        : `shared-${createHash('sha256').update(pages.join('\n')).digest('hex').slice(0, 8)}`;
    for (const chunk of group) for (const id of chunk.moduleIds) groupOf.set(id, name);
  }
  return {
    name: (id) => groupOf.get(id) ?? null,
    // What a module imports is loaded by every page that loads it: it is in the same page set's
    // chunk or in a larger set's, so chunks only import chunks of larger sets (no cycles, and the
    // modules still run in import order).
    includeDependenciesRecursively: false,
  };
}

/**
 * A page set's chunk below this (gzipped) costs its pages more in its own overhead (its imports
 * and exports, React's interop, its name in the entry's preload lists, gzip's frame, one more
 * request) than its code: issue 34 found 30 such chunks of 0.1–0.5 KB on /dashboard, 10 on
 * /signup.
 */
const SMALL_GROUP_BYTES = 1500;

/**
 * The chunks of each page set, a small set's joined to the big set with the fewest more pages
 * that holds all of its pages and whatever its code imports: those few pages load a few hundred
 * bytes they do not use, every page of the small set loads one file less. Keyed by the page
 * list (sorted as the pages are listed).
 */
function mergeSmallGroups(
  pagesLoading: Map<Chunk, string[]>,
  lean: ReadonlySet<string>,
): Map<string[], Chunk[]> {
  const groups = new Map<string, { pages: string[]; chunks: Chunk[] }>();
  for (const [chunk, pages] of pagesLoading) {
    const key = pages.join('\n');
    const group = groups.get(key) ?? { pages, chunks: [] };
    group.chunks.push(chunk);
    groups.set(key, group);
  }
  const setOf = new Map<string, Set<string>>();
  for (const [chunk, pages] of pagesLoading) setOf.set(chunk.fileName, new Set(pages));
  const size = (chunks: Chunk[]) => gzipSync(chunks.map((chunk) => chunk.code).join('\n')).length;
  const big = [...groups.values()].filter((group) => size(group.chunks) >= SMALL_GROUP_BYTES);
  const small = [...groups.values()].filter(
    (group) => group.pages.length > 1 && size(group.chunks) < SMALL_GROUP_BYTES,
  );
  for (const group of small) {
    const target = big
      .filter((candidate) => {
        const pages = new Set(candidate.pages);
        if (!group.pages.every((page) => pages.has(page))) return false;
        // A page with a tighter budget takes no code of pages without one, and a small chunk of
        // those pages is joined to one more of them at most.
        const leanGroup = group.pages.some((page) => lean.has(page));
        const leanMore = candidate.pages.filter(
          (page) => lean.has(page) && !group.pages.includes(page),
        ).length;
        if (leanMore > (leanGroup ? 1 : 0)) return false;
        // Its imports move with it: the target's other pages must load them already.
        return group.chunks.every((chunk) =>
          chunk.imports.every((file) => {
            const loadedBy = setOf.get(file);
            return loadedBy === undefined || candidate.pages.every((page) => loadedBy.has(page));
          }),
        );
      })
      .sort((a, b) => a.pages.length - b.pages.length)[0];
    if (!target) continue;
    target.chunks.push(...group.chunks);
    group.chunks = [];
  }
  return new Map(
    [...groups.values()]
      .filter((group) => group.chunks.length > 0)
      .map((group) => [group.pages, group.chunks]),
  );
}

/** The chunks of `config`'s build (not written) and the modules the router imports lazily. */
async function buildChunks(
  config: InlineConfig,
  router: string,
): Promise<{ chunks: Chunk[]; routeModules: readonly string[] }> {
  let routeModules: readonly string[] = [];
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      ...(config.plugins ?? []),
      {
        name: 'shipdeck-route-modules',
        generateBundle() {
          routeModules = this.getModuleInfo(router)?.dynamicallyImportedIds ?? [];
        },
      },
    ],
    build: { ...config.build, write: false, emptyOutDir: false },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = outputs.flatMap((result) =>
    'output' in result ? result.output.filter((item): item is Chunk => item.type === 'chunk') : [],
  );
  return { chunks, routeModules };
}

/** Every route module app/router.tsx imports must be in `firstLoads`, or its page would miss out. */
function checkRoutesCovered(
  routeModules: readonly string[],
  firstLoads: FirstLoads,
  root: string,
): void {
  if (routeModules.length === 0) throw new Error('first-load chunks: no route modules found');
  const named = new Set(
    Object.values(firstLoads).flatMap((files) => files.map((file) => `${root}/${file}`)),
  );
  const missing = routeModules.filter((id) => !named.has(id));
  if (missing.length > 0) {
    throw new Error(
      `first-load chunks: add these route modules to FIRST_LOADS in vite.config.ts: ${missing.join(', ')}`,
    );
  }
}
