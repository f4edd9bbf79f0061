import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes each text file of the build beside itself as .br (quality 11) and .gz (level 9), once at build time; the
 * server sends the one the browser accepts (@fastify/static `preCompressed`, apps/server/src/app.ts). Files under
 * 1 KB are sent as they are.
 */
export function precompress(): Plugin {
  return {
    name: 'openvisit-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg|json)$/.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
          await fs.writeFile(`${file}.br`, await brotli(data, { params }));
          await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
        }),
      );
    },
  };
}
