// Types of build.mjs, for the tests and the test set-up that import it.
import type { BuildOptions } from 'esbuild';

export interface Manifest {
  runtime: string;
  stylesheet: string;
  back_office_stylesheet: string;
  islands: Record<string, string>;
  hash: string;
}

export interface BuildResult {
  manifest: Manifest;
  sizes: Record<string, { raw: number; gzip: number }>;
}

export function islandNames(): string[];
/** The islands whose index.tsx declares `export const clientOnly = true;`. */
export function clientOnlyIslandNames(): string[];
/** Each island's `export const serverTemplate` declaration, by island name. */
export function serverTemplates(): Record<string, Record<string, 'id' | 'text'>>;
export const ISLAND_REGISTRY: RegExp;
export function islandRegistrySource(id: string): string;
export function browserBuildOptions(outdir: string): BuildOptions;
export function serverBuildOptions(outfile: string): BuildOptions;
export function stylesheetBuildOptions(outdir: string): BuildOptions;
export function buildServerBundleText(): Promise<string>;
export function buildIslands(options?: { outDir?: string }): Promise<BuildResult>;
