import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it), for the stand-ins that need their own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Fails fast, before the slow stand-ins start, when the app's port is taken. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is in use. Stop what uses it or set PORT to another port.`) : error),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
