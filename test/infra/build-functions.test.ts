import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import fc from 'fast-check';
import { buildFunctions, lambdaBuildOptions, type BuiltFunction } from '../../bin/build-functions';
import { sanitizeRichText } from '../../functions/lib/rich-text';
import { contracts, services } from '../../shared/api';
import { openApiDocument } from '../../shared/api/openapi';
import { JOB_WORKER, ORIGIN_AUTHORIZER, OUTBOX_WORKER } from '../../infra/bundling/function-bundles';

/** ARCHITECTURE.md section 12: a Lambda bundle is at most 1 MB minified (read strictly: 10^6 bytes). */
const BUNDLE_BUDGET = 1_000_000;

// Every bundle, in one esbuild run (a few seconds), so no bundle can grow past the budget unseen.
let outDir: string;
let built: BuiltFunction[];
const bundle = (name: string) => built.find((b) => b.name === name)!;
const code = (name: string) => readFileSync(bundle(name).outfile, 'utf8');
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'formation-build-'));
  built = await buildFunctions({ outDir, quiet: true });
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Runs a bundle's handler with one event in a fresh node, as Lambda would; the response's status. */
async function invoke(name: string, event: object, env: Record<string, string> = {}): Promise<string> {
  const script = `const { handler } = await import(${JSON.stringify(bundle(name).outfile)}); const res = await handler(${JSON.stringify(event)}, {}); console.log(res.statusCode);`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
  return stdout.trim().split('\n').at(-1)!;
}

const httpEvent = (path: string, cookies: string[] = []) => ({ version: '2.0', rawPath: path, cookies, requestContext: { http: { method: 'GET', path } }, headers: {} });

describe('buildFunctions', () => {
  it('writes <name>/index.mjs for every service, the outbox worker, the job worker and the origin authorizer, and reports its size and what weighs in it', () => {
    expect(built.map((b) => b.name)).toEqual([...services, OUTBOX_WORKER, JOB_WORKER, ORIGIN_AUTHORIZER]);
    const app = bundle('app');
    expect(app.outfile).toBe(join(outDir, 'app', 'index.mjs'));
    expect(app.bytes).toBe(readFileSync(app.outfile).byteLength);
    expect(app.packages.map((p) => p.name)).toEqual(expect.arrayContaining(['electrodb', 'zod', 'functions/', 'shared/']));
    expect(app.packages.reduce((sum, p) => sum + p.bytes, 0)).toBeLessThanOrEqual(app.bytes);
  });

  it('emits an ES module that can still require() Node built-ins, with a linked source map', () => {
    const app = code('app');
    expect(app.startsWith("import{createRequire as __createRequire}from'node:module';const require=__createRequire(import.meta.url);")).toBe(true);
    expect(app.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    expect(existsSync(join(dirname(bundle('app').outfile), 'index.mjs.map'))).toBe(true);
  });

  it('keeps every bundle within the 1 MB budget, both stream workers included', () => {
    expect(built.map((b) => b.name)).toEqual(expect.arrayContaining([OUTBOX_WORKER, JOB_WORKER]));
    const over = built.filter((b) => b.bytes > BUNDLE_BUDGET).map((b) => `${b.name}: ${b.bytes} bytes, largest ${b.packages.slice(0, 3).map((p) => `${p.name} ${p.bytes}`).join(', ')}`);
    expect(over).toEqual([]);
  });

  it('keeps job code out of the outbox worker: the job worker alone bundles the job kinds (esbuild\'s metafile)', () => {
    const jobCode = (input: string) => input.startsWith('functions/core/jobs/') || /-job\.ts$/.test(input);
    expect(bundle(OUTBOX_WORKER).inputs.filter(jobCode)).toEqual([]);
    expect(bundle(OUTBOX_WORKER).inputs).not.toContain('functions/events/job-worker.ts');
    // The sweep starts jobs (reminders, retention) by writing their items: the starters, without the implementations.
    expect(bundle(OUTBOX_WORKER).inputs).toEqual(expect.arrayContaining(['functions/core/retention/retention-start.ts', 'functions/core/reminders/overdue-digest-start.ts']));
    expect(bundle(JOB_WORKER).inputs).toEqual(expect.arrayContaining(['functions/core/jobs/job-kinds.ts', 'functions/core/jobs/run-stalled-jobs.ts', 'functions/core/retention/retention-job.ts']));
    // Nor does the job worker carry the outbox's delivery (its email, SMS and notification senders).
    expect(bundle(JOB_WORKER).inputs.filter((input) => input.startsWith('functions/events/outbox-'))).toEqual([]);
  });

  it("bundles each service's own contracts only (the app service's OpenAPI document is made at build time)", () => {
    const contractOf = (source: string) => /shared\/api\/([\w-]+)\.ts$/.exec(source)?.[1];
    for (const { name, outfile } of built) {
      const sources: string[] = JSON.parse(readFileSync(`${outfile}.map`, 'utf8')).sources;
      const others = sources.map(contractOf).filter((contract) => contract && contract !== name && (services as readonly string[]).includes(contract));
      expect(others, name).toEqual([]);
    }
  });

  it('leaves out what no function runs: zod’s other languages, a CSS parser, React’s server renderer, HTML-to-text, STS and SSO clients, a JSON Schema validator, the Tracer', () => {
    for (const { name } of built) {
      const text = code(name);
      expect(text, name).not.toContain('Entrée invalide'); // zod's French locale
      expect(text, name).not.toContain('CssSyntaxError'); // postcss, which sanitize-html needs only for style attributes
      expect(text, name).not.toContain('renderToPipeableStream'); // react-dom/server (emails are compiled at build time)
      expect(text, name).not.toContain('wordwrap'); // html-to-text
      expect(text, name).not.toMatch(/AssumeRoleWithWebIdentity|GetRoleCredentials/);
      expect(text, name).not.toContain('Cycle detected: '); // zod's JSON Schema conversion (no-zod-json-schema)
      expect(text, name).not.toContain('is not of a type(s)'); // jsonschema, ElectroDB's model check (run by entity-models.unit.test.ts)
      expect(text, name).not.toContain('XRaySDKInstrumentation'); // the Powertools Tracer, bundled only with tracing on (tracing-bundles.test.ts)
    }
    // The worker carries the email layout compiled at build time instead.
    expect(code(OUTBOX_WORKER)).toContain('You receive this because email notifications are on in your profile.');
  });

  it('serves the OpenAPI document made at build time, the same as the sources make', async () => {
    const script = `const { handler } = await import(${JSON.stringify(bundle('app').outfile)}); const res = await handler(${JSON.stringify(httpEvent('/api/app/openapi.json'))}, {}); process.stdout.write(JSON.stringify(res));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent' }, maxBuffer: 20 * 1024 * 1024 });
    const response = JSON.parse(stdout) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual(openApiDocument(contracts));
  });

  it('builds the origin authorizer small, answering only the secret CloudFront sends', async () => {
    const authorizer = bundle(ORIGIN_AUTHORIZER);
    // Only the origin check of functions/, no ElectroDB, zod or Powertools; the document commands are what
    // the electrodb-commands plugin registers in every entry (about 65 KB), never sent, and not granted.
    expect(authorizer.packages.map((p) => p.name)).not.toContain('electrodb');
    expect(authorizer.packages.map((p) => p.name).filter((name) => ['zod', 'shared/', '@aws-lambda-powertools/logger'].includes(name))).toEqual([]);
    expect(authorizer.sdkCalls.filter((call) => !call.startsWith('dynamodb:'))).toEqual([]);
    expect(authorizer.bytes).toBeLessThan(100_000);
    const decide = async (headers: Record<string, string>, env: Record<string, string>) => {
      const script = `const { handler } = await import(${JSON.stringify(authorizer.outfile)}); console.log(JSON.stringify(await handler({ headers: ${JSON.stringify(headers)} })));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, ...env } });
      return JSON.parse(stdout.trim().split('\n').at(-1)!);
    };
    const secret = { ORIGIN_VERIFY_SECRET: 'the-secret-cloudfront-sends' };
    expect(await decide({ 'x-origin-verify': 'the-secret-cloudfront-sends' }, secret)).toEqual({ isAuthorized: true });
    expect(await decide({ 'x-origin-verify': 'the-secret-cloudfront-send' }, secret)).toEqual({ isAuthorized: false });
    // A deploy without the secret refuses everything rather than letting anything through.
    expect(await decide({ 'x-origin-verify': 'anything' }, {})).toEqual({ isAuthorized: false });
  });

  it("takes Lambda's credentials from the environment only, and still loads and answers", async () => {
    expect(code('app')).toContain('AWS_ACCESS_KEY_ID');
    expect(await invoke('app', httpEvent('/api/app/health'))).toBe('200');
  });

  it('sends ElectroDB’s requests with the document commands the bundle registered for it', async () => {
    // A stand-in for DynamoDB that has no items: the session cookie's user is not found.
    const targets: string[] = [];
    const server: Server = createServer((req, res) => {
      targets.push(String(req.headers['x-amz-target']));
      req.resume().on('end', () => res.setHeader('content-type', 'application/x-amz-json-1.0').end(JSON.stringify({ Items: [], Count: 0, ScannedCount: 0 })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const cookie = `fm_session=u1.${'a'.repeat(43)}`;
      const status = await invoke('job', httpEvent('/api/job/j1', [cookie]), { DYNAMODB_ENDPOINT: endpoint, AWS_REGION: 'us-east-1' });
      expect(status).toBe('401');
      expect(targets).toContain('DynamoDB_20120810.Query');
    } finally {
      server.close();
    }
  });

  it('sanitises rich text in a bundle exactly as the source does (the parser and CSS stand-ins change nothing)', async () => {
    // The same options as every Lambda, on the sanitiser alone: what its stand-ins replace is what this checks.
    await build({ ...lambdaBuildOptions(), entryPoints: { 'rich-text/index': 'functions/lib/rich-text.ts' }, outdir: outDir });
    const bundled = readFileSync(join(outDir, 'rich-text', 'index.mjs'), 'utf8');
    expect(bundled).not.toContain('DomHandler'); // htmlparser2's DOM side, left out by sanitizer-parser-only
    expect(bundled).not.toContain('CssSyntaxError'); // postcss, left out by no-style-parser
    const samples = [
      '<h3>Title</h3><p><strong>Bold</strong> &amp; <em>it</em> &lt;tag&gt; &nbsp;&eacute;&#x1F600;</p><ol start="3"><li>three</li></ol><hr>',
      '<p onclick="x()" style="color:red" class="c">Hi<script>alert(1)</script></p><style>p{}</style>',
      '<a href="javascript:alert(1)">x</a><a href="https://example.org" target="_self">y</a><a href="//evil.example">z</a>',
      '<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe><svg><script>1</script></svg><div>text</div>',
      '<p>unclosed <b>bold <i>both</p><!-- comment --><![CDATA[x]]><p a="1" a="2">dup</p>',
      ...fc.sample(fc.array(fc.constantFrom('<p>', '</p>', '<a href="https://e.org">', '</a>', '<script>', '&amp;', '&#60;', 'text ', '<b', '"', "'", '>', '<ul><li>', '<br>', 'é'), { maxLength: 30 }).map((parts) => parts.join('')), { numRuns: 200, seed: 7 }),
    ];
    const script = `const { sanitizeRichText } = await import(${JSON.stringify(join(outDir, 'rich-text', 'index.mjs'))}); console.log(JSON.stringify(${JSON.stringify(samples)}.map(sanitizeRichText)));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 10 * 1024 * 1024 });
    expect(JSON.parse(stdout)).toEqual(samples.map(sanitizeRichText));
  });
});
