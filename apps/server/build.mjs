// Bundles the server and the CLI (with the contract's TypeScript source) into dist/ (or the folder given, which must sit
// under apps/server for the external npm packages to resolve: the CLI's tests build their own); npm packages stay external.
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
await build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: path.resolve(process.argv[2] ?? path.join(here, 'dist')),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@openvisit/contract': '../../packages/contract/src/index.ts',
    '@openvisit/contract/screening': '../../packages/contract/src/screening/index.ts',
  },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
