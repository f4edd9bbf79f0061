import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStylesPlugin } from './antdStyles';
import { callIndexPlugin } from './callIndex';
import { precompress } from './precompress';
import { KIOSK_CACHE_PREFIX, kioskWorkerSource } from './src/kiosk/serviceWorker';

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
/**
 * Two pages: the console (index.html) and the visitor kiosk (kiosk.html), sharing the vendor chunks. The badge page
 * the original front-desk app opens (card.html) is a build of its own (vite.card.config.ts, run after this one).
 */
const pages = {
  index: fileURLToPath(new URL('./index.html', import.meta.url)),
  kiosk: fileURLToPath(new URL('./kiosk.html', import.meta.url)),
};

/**
 * Long-lived vendor chunks, so a console release does not invalidate them all: React and the router,
 * antd with its components and icons, then every other dependency. The libraries the kiosk shares with the
 * console (i18n, dayjs, zod) are a chunk of their own, ahead of antd's (which would otherwise take dayjs in as a
 * dependency of its date pickers), so kiosk.html loads neither antd nor the console's other libraries; the kiosk's
 * QR reader and QR writer are chunks of their own, loaded when a scan starts or a badge shows a code.
 */
const chunkGroups = [
  { name: 'jsqr', test: /node_modules[\\/]jsqr[\\/]/, priority: 40 },
  { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 40 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
];

/**
 * Emits /kiosk-sw.js (src/kiosk/serviceWorker.ts) with the files kiosk.html needs: its entry chunk and every chunk it
 * imports, statically or lazily (QR reader and writer), with their styles and assets. The cache is named after these
 * hashed names, so each deployment that changes the kiosk installs a new cache and removes the old.
 */
function kioskServiceWorker(): Plugin {
  return {
    name: 'openvisit-kiosk-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
      const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId === pages.kiosk);
      if (!entry) this.error('kiosk service worker: no entry chunk for kiosk.html');
      const files = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || files.has(name)) return;
        files.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      visit(entry.fileName);
      const assets = [...files].sort().map((f) => `/${f}`);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'kiosk-sw.js',
        source: kioskWorkerSource({ cache: `${KIOSK_CACHE_PREFIX}${version}`, page: '/kiosk.html', assets }),
      });
    },
  };
}

/** A module's or a core folder's one public file (docs/ARCHITECTURE.md, web). */
const PUBLIC_FILE = /[\\/]src[\\/](core|modules)[\\/][^\\/]+[\\/]public\.tsx?$/;

export default defineConfig({
  plugins: [react(), callIndexPlugin(), antdStylesPlugin(), kioskServiceWorker(), precompress()],
  resolve: {
    alias: [
      { find: /^@openvisit\/contract$/, replacement: contractEntry },
      {
        find: /^@openvisit\/contract\/screening$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/screening/index.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // No JavaScript preload lists: every page carried the lists of every lazy screen's chunks (about 6 KB of gzip on
    // /signin, growing with each screen). A lazy screen's own imports are fetched together once it arrives, one round
    // trip later; lazily loaded styles are still loaded by Vite's helper.
    modulePreload: false,
    rolldownOptions: {
      input: pages,
      // A module's public.ts (src/core/*, src/modules/*) only re-exports: declared free of side effects, so a screen
      // importing one hook through it does not also take in (and preload) every other file the public file names.
      // Anything else keeps the default (its package.json's sideEffects, or the code's own).
      treeshake: { moduleSideEffects: (id: string) => (PUBLIC_FILE.test(id) ? false : undefined) },
      output: {
        codeSplitting: { groups: chunkGroups },
        // Screens' chunks named by their hash alone: the first page carries the preload list of every lazy screen's
        // chunks, whose names cost /signin about a kilobyte of gzip as the screens grew. The few vendor groups keep
        // their names, which the kiosk's offline shell is checked by (the QR reader's chunk).
        chunkFileNames: (chunk) => (chunkGroups.some((g) => g.name === chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/qcvisit': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
});
