import { DEMO_USERS } from '../../functions/db/seed/demo';
import { claimDataDir, runningRuntimePid } from './lock';
import { DEFAULT_DATA_DIR } from './paths';
import { startLocalRuntime } from './runtime';

/**
 * `npm start` (built web app) and `npm run dev` (`--dev`: Vite with hot reload). Starts
 * the whole local runtime, prints where everything is, and stops it all on Ctrl-C.
 */
const dev = process.argv.includes('--dev');

/** `ConferenceAdmin` -> `Conference Admin`. */
const roleLabel = (role: string) => role.replace(/([a-z])([A-Z])/g, '$1 $2');

function printSummary(runtime: { url: string; mailUrl: string; smsUrl: string }): void {
  const width = Math.max(...DEMO_USERS.map((user) => user.email.length));
  const rows = DEMO_USERS.map((user) => `    ${user.email.padEnd(width)}  ${user.password.padEnd(13)}  ${roleLabel(user.role)}`);
  console.log(`
  Formation Tracks is running${dev ? ' (dev mode, hot reload)' : ''}.

    App          ${runtime.url}
    Mail viewer  ${runtime.mailUrl}
    SMS outbox   ${runtime.smsUrl}

  Demo sign-ins:
    ${'Email'.padEnd(width)}  ${'Password'.padEnd(13)}  Role
${rows.join('\n')}

  Press Ctrl-C to stop.
`);
}

async function main(): Promise<void> {
  const other = runningRuntimePid(DEFAULT_DATA_DIR);
  if (other) {
    console.error(`Another local runtime (pid ${other}) is using ${DEFAULT_DATA_DIR}. Stop it first.`);
    process.exit(1);
  }
  const runtime = await startLocalRuntime({ dev });
  const release = claimDataDir(DEFAULT_DATA_DIR);
  process.once('exit', release);
  printSummary(runtime);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.log('Forcing exit.');
      process.exit(1); // a second Ctrl-C; children are killed by the exit hook
    }
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
}

// Whatever goes wrong, exit: the exit hook (children.ts) takes DynamoDB Local's Java process with us.
process.on('uncaughtException', (error) => {
  console.error('[local] crashed:', error);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error('[local] crashed:', error);
  process.exit(1);
});

main().catch((error) => {
  console.error(`[local] could not start: ${(error as Error).message ?? error}`);
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
});
