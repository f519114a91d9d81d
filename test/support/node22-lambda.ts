import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { node22Binary } from './node22';

/**
 * One built bundle in a process of its own under Lambda's Node (./node22-harness.mjs), as Lambda
 * runs one function per process: the import is its cold start, then the test sends it events.
 */
const HARNESS = fileURLToPath(new URL('./node22-harness.mjs', import.meta.url));
const LOAD_TIMEOUT_MS = 60_000;
const KEPT_OUTPUT = 20_000;

export interface BundleLoad {
  /** Wall time of `import(index.mjs)`. */
  loadMs: number;
  /** CPU time (user + system) of the same import: steadier than wall time on a busy machine. */
  loadCpuMs: number;
  /** `process.version` of the process that loaded it. */
  node: string;
  /** `typeof` the bundle's `handler` export. */
  handler: string;
}

export interface BundleProcess extends BundleLoad {
  /** Calls the bundle's handler with `event`; resolves with what it returned, rejects with what it threw. */
  invoke(event: unknown, timeoutMs?: number): Promise<unknown>;
  /** The process's latest output (its log lines), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

type Reply = { type: 'loaded'; loadMs: number; loadCpuMs: number; node: string; handler: string } | { type: 'failed'; error: string } | { type: 'result'; id: number; result?: unknown; error?: string };

interface Harness {
  child: ChildProcess;
  loaded: Promise<BundleLoad>;
  output(): string;
}

function startHarness(bundleFile: string, env: Record<string, string>, serve: boolean, binary = node22Binary()): Harness {
  // A clean environment, as Lambda's: nothing of the test runner's (NODE_OPTIONS loaders, Vitest's variables) leaks in.
  const child = spawn(binary, [HARNESS, bundleFile, ...(serve ? ['--serve'] : [])], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const describe = (what: string) => `${bundleFile}: ${what}\n--- output ---\n${output}`;

  const loaded = new Promise<BundleLoad>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(describe(`not loaded within ${LOAD_TIMEOUT_MS} ms`))), LOAD_TIMEOUT_MS);
    const settle = () => clearTimeout(timer);
    child.on('message', (reply: Reply) => {
      if (reply.type === 'loaded') {
        settle();
        resolve({ loadMs: reply.loadMs, loadCpuMs: reply.loadCpuMs, node: reply.node, handler: reply.handler });
      } else if (reply.type === 'failed') {
        settle();
        reject(new Error(describe(`import failed\n${reply.error}`)));
      }
    });
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      settle();
      reject(new Error(describe(`exited before loading (code ${code}, signal ${signal})`)));
    });
  });
  return { child, loaded, output: () => output };
}

function exited(child: ChildProcess, withinMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, withinMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Starts the bundle and waits for its import; the process then serves `invoke` until `stop`. */
export async function startBundle(bundleFile: string, env: Record<string, string>): Promise<BundleProcess> {
  const { child, loaded, output } = startHarness(bundleFile, env, true);
  const load = await loaded.catch(async (error) => {
    await exited(child, 1_000);
    throw error;
  });

  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (reply: Reply) => {
    if (reply.type !== 'result') return;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting?.reject(new Error(`handler threw: ${reply.error}`));
    else waiting?.resolve(reply.result);
  });
  child.on('exit', (code, signal) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${bundleFile}: exited (code ${code}, signal ${signal})\n${output()}`));
    pending.clear();
  });

  return {
    ...load,
    output,
    invoke(event, timeoutMs = 30_000) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${bundleFile}: no answer within ${timeoutMs} ms\n${output()}`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => (clearTimeout(timer), resolve(value)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        child.send({ id, event, timeoutMs });
      });
    },
    async stop() {
      if (child.connected) child.disconnect();
      await exited(child, 5_000);
    },
  };
}

/** One cold-load sample: a fresh process (Node 22 unless `binary` names another) imports the bundle, reports, and exits. */
export async function loadOnce(bundleFile: string, env: Record<string, string>, binary?: string): Promise<BundleLoad> {
  const { child, loaded } = startHarness(bundleFile, env, false, binary);
  try {
    return await loaded;
  } finally {
    await exited(child, 5_000);
  }
}
