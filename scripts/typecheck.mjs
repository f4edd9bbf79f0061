// Type-checks every project, two at a time, and fails when any one does; its output is printed whole, project by
// project. The server, its tests, the end-to-end specs, the benchmarks and the simulators are one program
// (tsconfig.node.json: same options): checked apart, the server's files were checked twice, since the specs import them.
// Longest first. The checker is TypeScript 7, the native compiler (package typescript-native): the same checks as
// TypeScript 5's tsc in some 110 s of CPU against 155 on this machine, at the start of every CI run. TypeScript 5 stays
// the `typescript` package, for editors and scripts/call-statuses.mjs, which use its API.
import { spawn } from 'node:child_process';
import os from 'node:os';

const projects = ['tsconfig.node.json', 'apps/web', 'packages/contract'];
const width = Math.max(2, Math.min(projects.length, os.availableParallelism()));
const tsc = new URL('../node_modules/typescript-native/bin/tsc', import.meta.url).pathname;
let failed = 0;
const queue = [...projects];
async function worker() {
  for (let p = queue.shift(); p; p = queue.shift()) {
    const child = spawn(process.execPath, [tsc, '-p', p], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const code = await new Promise((r) => child.on('close', r));
    if (code !== 0) {
      failed++;
      process.stdout.write(`tsc -p ${p}:\n${out}`);
    }
  }
}
await Promise.all(Array.from({ length: width }, worker));
process.exit(failed ? 1 : 0);
