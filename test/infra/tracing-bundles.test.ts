import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { buildFunctions, lambdaBuildOptions, type BuiltFunction } from '../../bin/build-functions';

/** The X-Ray SDK's name for its AWS SDK middleware: in a bundle only with the Tracer (build-functions.test.ts checks the default build). */
const TRACER_CODE = 'XRaySDKInstrumentation';

let outDir: string;
let job: BuiltFunction;
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'formation-traced-'));
  [job] = await buildFunctions({ outDir, names: ['job'], tracing: true, quiet: true });
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A stand-in X-Ray daemon: the segment documents a bundle sends over UDP, parsed. */
async function xrayDaemon() {
  const socket = createSocket('udp4');
  const documents: Array<Record<string, any>> = [];
  // Each datagram is a header line, then one (sub)segment document.
  socket.on('message', (message) => documents.push(JSON.parse(message.toString().split('\n')[1])));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${socket.address().port}`, documents, close: () => socket.close() };
}

describe('a build with tracing on', () => {
  it('holds the Powertools Tracer', () => {
    expect(readFileSync(job.outfile, 'utf8')).toContain(TRACER_CODE);
    expect(job.packages.map((p) => p.name)).toEqual(expect.arrayContaining(['@aws-lambda-powertools/tracer', 'aws-xray-sdk-core']));
  });

  it('answers a request in Lambda’s environment and records it: its route, and each DynamoDB call under it', async () => {
    const daemon = await xrayDaemon();
    // DynamoDB with no items: the session cookie's user is not found.
    const dynamo = createServer((req, res) => req.resume().on('end', () => res.setHeader('content-type', 'application/x-amz-json-1.0').end('{"Items":[],"Count":0,"ScannedCount":0}')));
    await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
    try {
      const event = { version: '2.0', rawPath: '/api/job/j1', cookies: [`fm_session=u1.${'a'.repeat(43)}`], requestContext: { http: { method: 'GET', path: '/api/job/j1' } }, headers: {} };
      const script = `const { handler } = await import(${JSON.stringify(job.outfile)}); console.log((await handler(${JSON.stringify(event)}, {})).statusCode);`;
      const env = {
        ...process.env,
        LOG_LEVEL: 'silent',
        AWS_REGION: 'us-east-1',
        DYNAMODB_ENDPOINT: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
        // What Lambda sets with active tracing; the SDK sends to the daemon address and never needs a daemon's answer.
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
        LAMBDA_TASK_ROOT: outDir,
        _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
        AWS_XRAY_DAEMON_ADDRESS: daemon.address,
        AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
      };
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env });
      expect(stdout.trim().split('\n').at(-1)).toBe('401');
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last datagrams may still be on their way
      const request = daemon.documents.find((d) => d.name === '## job');
      expect(request).toMatchObject({ parent_id: '53995c3f42cd8ad8', annotations: { route: 'job.get', ColdStart: true, Service: 'formation-tracks' } });
      expect(daemon.documents.filter((d) => d.name === 'DynamoDB').map((d) => [d.parent_id, d.aws.operation])).toContainEqual([request!.id, 'Query']);
    } finally {
      daemon.close();
      dynamo.close();
    }
  });
});

describe('a build with tracing off', () => {
  it('refuses code that imports the Tracer around functions/lib/tracing.ts', async () => {
    const options = { ...lambdaBuildOptions(), logLevel: 'silent' as const, write: false, sourcemap: false, stdin: { contents: "import { Tracer } from '@aws-lambda-powertools/tracer'; export const t = new Tracer();", resolveDir: process.cwd(), loader: 'ts' as const } };
    await expect(build(options)).rejects.toThrow(/bundled only when tracing is on/);
  });
});
