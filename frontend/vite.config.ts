import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const FIRST_LOAD_GOAL_KB = 200;
const DOMAIN_SOURCE = fileURLToPath(new URL('../backend/domain/src/', import.meta.url));
const HOME_ROUTE = 'src/app/routes/home.tsx';

/**
 * Prints what a shopper's phone downloads before the home page can run: the entry chunk, the home
 * route's lazy chunk, and every chunk either of them imports statically.
 */
function firstLoadSize(): Plugin {
  return {
    name: 'tcg:first-load-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const roots = chunks.filter(
        (chunk) => chunk.isEntry || chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(HOME_ROUTE),
      );
      const seen = new Set<string>();
      const visit = (chunk: Rollup.OutputChunk) => {
        if (seen.has(chunk.fileName)) return;
        seen.add(chunk.fileName);
        chunk.imports.forEach((name) => {
          const imported = byName.get(name);
          if (imported) visit(imported);
        });
      };
      roots.forEach(visit);
      const bytes = [...seen].reduce((sum, name) => sum + gzipSync(byName.get(name)!.code).length, 0);
      const kb = (bytes / 1024).toFixed(1);
      const verdict = bytes / 1024 <= FIRST_LOAD_GOAL_KB ? 'within' : 'OVER';
      this.info(`storefront first-load JS: ${kb} KB gzip in ${seen.size} files (${verdict} the ${FIRST_LOAD_GOAL_KB} KB goal)`);
    },
  };
}

/**
 * The domain is pure (no I/O, by design), so a domain module none of whose exports the browser uses
 * can be dropped whole. Without this, importing one message through the domain's index would pull
 * every zod schema of the write side, and zod with them, into the storefront.
 */
function pureDomain(): Plugin {
  return {
    name: 'tcg:pure-domain',
    apply: 'build',
    transform(_code, id) {
      return id.startsWith(DOMAIN_SOURCE) ? { moduleSideEffects: false } : null;
    },
  };
}

/** The API `npm run dev` starts beside Vite listens on PORT (3000 unless set), so the proxy follows it. */
const api = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  plugins: [react(), pureDomain(), firstLoadSize()],
  resolve: {
    alias: {
      // The domain is TypeScript source shared with the server, compiled here rather than prebuilt.
      '@tcg/domain': fileURLToPath(new URL('../backend/domain/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': api },
  },
  preview: {
    proxy: { '/api': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
});
