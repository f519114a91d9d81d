import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `<dataDir>/runtime.pid` marks a running `npm start`, so `npm run reset` does not wipe
 * the data from under it. A stale file (its process gone) does not count.
 */
const lockFile = (dataDir: string) => join(dataDir, 'runtime.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a runtime using this data folder, if one is running. */
export function runningRuntimePid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function claimDataDir(dataDir: string): () => void {
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
