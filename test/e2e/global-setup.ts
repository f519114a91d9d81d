import { createServer } from 'node:net';
import { startLocalRuntime } from '../../bin/local/runtime';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the whole app once for the run; workers read the URL from the environment. */
export default async function globalSetup() {
  const port = await freePort();
  const runtime = await startLocalRuntime({ port, inMemory: true, quiet: true });
  process.env.E2E_BASE_URL = runtime.url;
  process.env.E2E_MAIL_URL = runtime.mailUrl;
  // The local S3 stand-in the runtime started (it set S3_ENDPOINT for its functions): the CSP names it.
  process.env.E2E_UPLOADS_URL = process.env.S3_ENDPOINT;
  return async () => {
    await runtime.stop();
  };
}
