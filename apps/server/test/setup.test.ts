import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaled } from './timeouts.js';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The README's start command (`npm ci && npm start`) on a server whose shell sets NODE_ENV=production: npm then leaves
 * out devDependencies by default, and the start's build (Vite, esbuild) was missing. The project's .npmrc keeps them.
 */
describe('setting up on a server with NODE_ENV=production', () => {
  it('npm installs every kind of dependency there, as the start command builds from source', () => {
    const npm = (key: string) =>
      spawnSync('npm', ['config', 'get', key], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: scaled(60_000),
      });
    const omit = npm('omit');
    expect(omit.status).toBe(0);
    expect(omit.stdout.trim()).toBe('');
    expect(npm('include').stdout.trim()).toBe('dev');
  });
});
