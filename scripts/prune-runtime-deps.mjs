// @ts-check
// Leaves in node_modules only what the server needs at run time, for the container image (Dockerfile).
//
// Kept: the production dependencies of the server and of the workspaces it imports, plus the
// packages the web app's SSR bundle (apps/web/dist-ssr) imports, which the server loads to draw
// signed-in pages. Everything else goes: dev tools, and the web app's client-only dependencies
// (lucide-react alone is 50 MB), which Vite has already bundled into apps/web/dist.
// Then it deletes what no running process reads: type declarations, source maps, TypeScript
// sources, Markdown, and the intermediate files of native builds.
//
// Usage: node scripts/prune-runtime-deps.mjs [ROOT]   (ROOT: the installed checkout, default cwd)
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const SERVER_WORKSPACES = ['apps/server'];
const SSR_DIR = 'apps/web/dist-ssr';
const SERVER_SIDE_BUILDS = ['apps/server/dist', 'packages/shared/dist', 'packages/emulator/dist'];

/** @param {string} file */
function readJson(file) {
  return /** @type {Record<string, unknown>} */ (JSON.parse(readFileSync(file, 'utf8')));
}

/** @param {unknown} value @returns {string[]} */
function keys(value) {
  return value && typeof value === 'object' ? Object.keys(value) : [];
}

/** Runtime dependency names of the package in `dir` (peer ones too: they are imported). */
function runtimeDependencies(/** @type {string} */ dir) {
  const manifest = readJson(join(dir, 'package.json'));
  return [
    ...keys(manifest.dependencies),
    ...keys(manifest.optionalDependencies),
    ...keys(manifest.peerDependencies),
  ];
}

/** Node's lookup: `name` in the nearest node_modules from `fromDir` up to the root. */
function locate(/** @type {string} */ name, /** @type {string} */ fromDir) {
  for (let dir = fromDir; dir.startsWith(root); dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root) break;
  }
  return null;
}

/** Bare package names the SSR bundle imports ("react-dom/server" → "react-dom"). */
function ssrImports() {
  const dir = join(root, SSR_DIR);
  if (!existsSync(dir)) throw new Error(`${SSR_DIR} is missing: build the web app first`);
  const names = new Set();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["']([^"'./][^"']*)["']/g)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
  return [...names];
}

// Every package directory to keep (its path as installed, which may be a workspace link).
const keep = new Set();
/** @type {Array<[string, string]>} a package name, and the directory that imports it */
const pending = [];
for (const workspace of SERVER_WORKSPACES) {
  for (const name of runtimeDependencies(join(root, workspace)))
    pending.push([name, join(root, workspace)]);
}
for (const name of ssrImports()) pending.push([name, join(root, 'apps/web')]);

while (pending.length > 0) {
  const [name, fromDir] = /** @type {[string, string]} */ (pending.pop());
  const found = locate(name, fromDir);
  if (!found || keep.has(found)) continue; // not installed: an optional or peer dependency
  keep.add(found);
  // Node resolves a package's own imports from its real path (packages/shared for a workspace).
  const real = realpathSync(found);
  for (const dependency of runtimeDependencies(real)) pending.push([dependency, real]);
}

/** Package directories under a node_modules directory, scoped ones included. */
function packagesIn(/** @type {string} */ modulesDir) {
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    const path = join(modulesDir, entry);
    return entry.startsWith('@') ? readdirSync(path).map((name) => join(path, name)) : [path];
  });
}

let removed = 0;
const workspaceDirs = readdirSync(join(root, 'apps'))
  .map((name) => join(root, 'apps', name))
  .concat(readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)));
const modulesDirs = [
  join(root, 'node_modules'),
  ...workspaceDirs.map((dir) => join(dir, 'node_modules')),
];
while (modulesDirs.length > 0) {
  const modulesDir = /** @type {string} */ (modulesDirs.pop());
  rmSync(join(modulesDir, '.bin'), { recursive: true, force: true });
  for (const dir of packagesIn(modulesDir)) {
    if (keep.has(dir)) {
      if (!lstatSync(dir).isSymbolicLink()) modulesDirs.push(join(dir, 'node_modules'));
      continue;
    }
    rmSync(dir, { recursive: true, force: true });
    removed += 1;
  }
}

// Files nothing reads at run time: type declarations and TypeScript sources (Node 20 runs no
// TypeScript, so no runtime import points at them), source maps, Markdown.
const DEAD_FILE = /\.([cm]?ts|map|md|markdown)$/i;
// better-sqlite3 loads build/Release/better_sqlite3.node; the SQLite sources and object files
// its compile left behind are not needed.
const DEAD_DIRS = [
  'better-sqlite3/deps',
  'better-sqlite3/src',
  'better-sqlite3/build/Release/obj.target',
  'better-sqlite3/build/Release/.deps',
  'better-sqlite3/build/Release/obj',
  'better-sqlite3/build/deps',
];
let bytes = 0;
function sweep(/** @type {string} */ dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sweep(path);
    else if (entry.isFile() && DEAD_FILE.test(entry.name)) {
      bytes += statSync(path).size;
      rmSync(path);
    }
  }
}
for (const dir of DEAD_DIRS)
  rmSync(join(root, 'node_modules', dir), { recursive: true, force: true });
// The workspaces' own builds carry declarations and maps too (the web app's are left alone).
for (const dir of [
  join(root, 'node_modules'),
  ...workspaceDirs.map((dir) => join(dir, 'node_modules')),
  ...SERVER_SIDE_BUILDS.map((dir) => join(root, dir)),
]) {
  if (existsSync(dir)) sweep(dir);
}
console.log(
  `prune-runtime-deps: kept ${keep.size} packages, removed ${removed}, and ${Math.round(bytes / 1e6)} MB of declarations, maps, sources and docs`,
);
