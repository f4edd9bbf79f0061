import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

/**
 * The badge page the original front-desk app opens (card.html, served at /card/index.html and
 * /card/custom/<name>/index.html by apps/server/src/platform/http/cardPage.ts), built after the console and kiosk into the
 * same dist/ without emptying it. A build of its own: as a third entry of theirs it split their shared chunks along
 * new lines and the console's first page grew, for a page that shares no browser cache with them (the front-desk app
 * is the original's, not our console). No antd: React, the platform's i18n and the shared badge.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: /^@openvisit\/contract$/, replacement: contractEntry },
      {
        find: /^@openvisit\/contract\/screening$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/screening/index.ts', import.meta.url)),
      },
    ],
  },
  // `vite --config vite.card.config.ts` serves /card.html in development, the calls proxied to a local server.
  server: { proxy: { '/api': 'http://localhost:8080', '/qcvisit': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/card-manifest.json',
    rolldownOptions: {
      input: { card: fileURLToPath(new URL('./card.html', import.meta.url)) },
      output: { entryFileNames: 'assets/card-[hash].js', chunkFileNames: 'assets/card-[hash].js', assetFileNames: 'assets/card-[hash][extname]' },
    },
  },
});
