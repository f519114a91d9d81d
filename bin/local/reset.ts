import { rm } from 'node:fs/promises';
import { runningRuntimePid } from './lock';
import { DEFAULT_DATA_DIR } from './paths';

/** `npm run reset`: wipes `.data/` (database, uploads, sign-in keys, SMS outbox). The next start seeds again. */
const pid = runningRuntimePid(DEFAULT_DATA_DIR);
if (pid) {
  console.error(`The app is running (pid ${pid}). Stop it (Ctrl-C) before resetting its data.`);
  process.exit(1);
}
await rm(DEFAULT_DATA_DIR, { recursive: true, force: true });
console.log(`Removed ${DEFAULT_DATA_DIR}. The next \`npm start\` creates the table and seeds demo data again.`);
