import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface PrivateJwks {
  keys: JWK[];
}

async function generateJwks(): Promise<PrivateJwks> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'RS256' }] };
}

/**
 * The provider's signing keys. Kept in `file` so ID tokens stay verifiable across
 * restarts; generated at first start. Without a file (in-memory runs) they live in memory.
 */
export async function loadOrCreateJwks(file?: string): Promise<PrivateJwks> {
  if (file) {
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as PrivateJwks;
      if (Array.isArray(stored.keys) && stored.keys.length) return stored;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const jwks = await generateJwks();
  if (file) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(jwks, null, 2), { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return jwks;
}
