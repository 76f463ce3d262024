import { createHash } from 'node:crypto';
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
  for (const [chunk, pages] of pagesLoading) {
    // One name per page set: two sets must not share a name (they would share a chunk).
    const name =
      pages.length === 1
        ? (pages[0] ?? '')
        : `shared-${createHash('sha256').update(pages.join('\n')).digest('hex').slice(0, 8)}`;
    for (const id of chunk.moduleIds) groupOf.set(id, name);
  }
  return {
    name: (id) => groupOf.get(id) ?? null,
    // What a module imports is loaded by every page that loads it: it is in the same page set's
    // chunk or in a larger set's, so chunks only import chunks of larger sets (no cycles, and the
    // modules still run in import order).
    includeDependenciesRecursively: false,
  };
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
