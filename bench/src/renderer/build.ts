import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Builds each benchmark page on its own with Vite's production build, so each page's bundle holds exactly
 * what that renderer needs (React included in both) and the two share no chunk.
 */

export const PAGES = ['ours', 'surveyjs'] as const;
export type PageName = (typeof PAGES)[number];

const PAGES_DIR = path.join(import.meta.dirname, 'pages');
/** Under `dist`, which git and the linter already ignore. */
export const OUT_DIR = path.resolve(import.meta.dirname, '../../dist/renderer');

export interface BuiltPage {
  name: PageName;
  /** Path of the page below `OUT_DIR`, as the static server serves it. */
  urlPath: string;
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

async function sizes(dir: string): Promise<Pick<BuiltPage, 'jsBytes' | 'jsGzipBytes' | 'cssGzipBytes'>> {
  const totals = { jsBytes: 0, jsGzipBytes: 0, cssGzipBytes: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (entry.name.endsWith('.js')) {
      const content = await readFile(file);
      totals.jsBytes += content.length;
      totals.jsGzipBytes += gzipSync(content).length;
    } else if (entry.name.endsWith('.css')) {
      totals.cssGzipBytes += gzipSync(await readFile(file)).length;
    }
  }
  return totals;
}

export async function buildPage(name: PageName): Promise<BuiltPage> {
  const outDir = path.join(OUT_DIR, name);
  await build({
    configFile: false,
    root: PAGES_DIR,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: { input: path.join(PAGES_DIR, `${name}.html`) },
    },
  });
  return { name, urlPath: `/${name}/${name}.html`, ...(await sizes(outDir)) };
}
