import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
let hooked = false;

/**
 * Makes sure a child process dies with us, even when we exit on a crash without calling
 * stop(): `exit` handlers run synchronously, and sending a signal is synchronous.
 * Returns a function that forgets the child once it was stopped normally.
 */
export function killOnExit(child: ChildProcess): () => void {
  children.add(child);
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const each of children) if (each.exitCode === null && each.signalCode === null) each.kill('SIGKILL');
    });
  }
  return () => children.delete(child);
}
