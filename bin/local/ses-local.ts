import type { Server } from 'node:http';
import * as sesModule from 'aws-ses-v2-local';

/**
 * The local SES (aws-ses-v2-local): the SES v2 API and, on the same port, its mail viewer
 * at `/` and a JSON store at `/store`. Messages live in this process's memory.
 */
export interface LocalSes {
  url: string;
  stop(): Promise<void>;
}

type StartSes = (config: { host: string; port: number }) => Promise<Server>;

/** The package is CommonJS with an `exports.default`; depending on the loader it arrives wrapped once or twice. */
function startFunction(): StartSes {
  const candidate = (sesModule as unknown as { default: StartSes | { default: StartSes } }).default;
  return typeof candidate === 'function' ? candidate : candidate.default;
}

export async function startLocalSes(port: number): Promise<LocalSes> {
  const server = await startFunction()({ host: '127.0.0.1', port });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
