import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretKeyFrom } from './crypto.js';
import { serverSecretKey } from './secretKey.js';

describe('secrets at rest (AES-256-GCM)', () => {
  const key = secretKeyFrom('a server secret of at least thirty-two characters');

  it('seals with a fresh IV each time and opens what it sealed; empty stays empty', () => {
    const a = sealSecret(key, 'Mail pass #1 with spaces 密码');
    const b = sealSecret(key, 'Mail pass #1 with spaces 密码');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Mail');
    expect(openSecret(key, a)).toBe('Mail pass #1 with spaces 密码');
    expect(sealSecret(key, '')).toBe('');
    expect(openSecret(key, '')).toBe('');
  });

  it('refuses another key, a changed value and what it did not seal', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(secretKeyFrom('another server secret of thirty-two chars'), sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(key, `v1:${raw.toString('base64url')}`)).toThrow();
    expect(() => openSecret(key, 'plain text')).toThrow();
  });

  it('the server key: SECRET_KEY when given, else generated once into DATA_DIR/secret.key (owner only) and kept', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-key-'));
    try {
      const first = serverSecretKey({ dataDir });
      const file = path.join(dataDir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(serverSecretKey({ dataDir }).equals(first)).toBe(true);
      const given = serverSecretKey({ dataDir, secretKey: 'a server secret of at least thirty-two characters' });
      expect(given.equals(key)).toBe(true);
      expect(given.equals(first)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
