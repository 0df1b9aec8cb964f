/**
 * Helpers of the package tests: what `npm pack` would publish, and a copy of
 * the package installed from its tarball next to this repository's
 * dependencies, so bundlers and TypeScript see it the way an application does.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface PackageJson {
  name: string;
  main?: string;
  module?: string;
  types?: string;
  customElements?: string;
  exports: Record<string, string | Record<string, string>>;
  files: string[];
  sideEffects: string[] | boolean;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}

export function packageJson(): PackageJson {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;
}

function npm(args: string[], cwd = root): string {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' } });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

/** Paths `npm pack` would publish (package-relative, `/` separated). */
export function packedFiles(): string[] {
  const [info] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'])) as Array<{ files: Array<{ path: string }> }>;
  return info!.files.map((f) => f.path).sort();
}

/** Every file target of an `exports` value (all conditions). */
export function exportTargets(value: string | Record<string, unknown>): Array<{ condition: string; target: string }> {
  if (typeof value === 'string') return [{ condition: 'default', target: value }];
  return Object.entries(value).flatMap(([condition, v]) =>
    typeof v === 'string'
      ? [{ condition, target: v }]
      : exportTargets(v as Record<string, unknown>).map((t) => ({ ...t, condition: `${condition}.${t.condition}` })),
  );
}

/**
 * Packs the package and installs the tarball into a fresh directory's
 * `node_modules/qa-sources-kit`; every other entry of this repository's
 * node_modules is linked in next to it (its dependencies, React, types).
 * Returns the directory; remove it with `rmSync(dir, { recursive: true })`.
 */
export function installPacked(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-pack-'));
  const [info] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir])) as Array<{ filename: string }>;
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  const untar = spawnSync('tar', ['-xzf', path.join(dir, info!.filename), '-C', modules], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  renameSync(path.join(modules, 'package'), path.join(modules, 'qa-sources-kit'));
  rmSync(path.join(dir, info!.filename));
  const repoModules = path.join(root, 'node_modules');
  for (const entry of readdirSync(repoModules)) {
    if (entry === 'qa-sources-kit' || entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      mkdirSync(path.join(modules, entry), { recursive: true });
      for (const sub of readdirSync(path.join(repoModules, entry))) symlinkSync(path.join(repoModules, entry, sub), path.join(modules, entry, sub));
    } else {
      symlinkSync(path.join(repoModules, entry), path.join(modules, entry));
    }
  }
  return dir;
}

/** Every module specifier a built JavaScript file imports, static or dynamic, as esbuild parses it (comments and strings do not count). */
export function importsOf(file: string): string[] {
  const result = esbuild.buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    external: ['*'],
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const key = Object.keys(result.metafile.inputs).find((k) => path.resolve(k) === path.resolve(file))!;
  return result.metafile.inputs[key]!.imports.map((i) => i.path);
}

/** The bare (package) specifiers among a built file's imports. */
export function bareImports(file: string): string[] {
  return [...new Set(importsOf(file).filter((spec) => !spec.startsWith('.') && !spec.startsWith('/')))];
}

/** The package name of a bare specifier (`@shikijs/langs/ts` → `@shikijs/langs`). */
export function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
