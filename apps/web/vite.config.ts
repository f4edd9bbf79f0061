import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractEntry = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
/** Two pages: the console (index.html) and the visitor kiosk (kiosk.html), sharing the vendor chunks. */
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
  { name: 'core', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|dayjs|zod)[\\/]/, priority: 25 },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 20 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@openvisit/contract': contractEntry } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: pages, output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
});
