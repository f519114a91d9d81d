import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildFunctions, type BuiltFunction } from '../../bin/build-functions';

// The smallest service shows how every bundle is made; the services that sanitise rich text
// (form) and sign S3 uploads (file) are the largest, so they carry the size budget.
let outDir: string;
let built: BuiltFunction[];
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'formation-build-'));
  built = await buildFunctions({ outDir, names: ['app', 'form', 'file'], quiet: true });
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('buildFunctions', () => {
  it('writes <name>/index.mjs and reports its size', () => {
    expect(built.map((b) => b.name)).toEqual(['app', 'form', 'file']);
    const [app] = built;
    expect(app.outfile).toBe(join(outDir, 'app', 'index.mjs'));
    expect(app.bytes).toBe(readFileSync(app.outfile).byteLength);
  });

  it('emits an ES module that can still require() Node built-ins, with a linked source map', () => {
    const code = readFileSync(built[0].outfile, 'utf8');
    expect(code.startsWith("import{createRequire as __createRequire}from'node:module';const require=__createRequire(import.meta.url);")).toBe(true);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    expect(existsSync(join(dirname(built[0].outfile), 'index.mjs.map'))).toBe(true);
  });

  it('stays within the 1 MB budget, without zod’s foreign-language messages or a CSS parser', () => {
    for (const bundle of built) {
      const code = readFileSync(bundle.outfile, 'utf8');
      expect(bundle.bytes, bundle.name).toBeLessThan(1024 * 1024);
      expect(code).not.toContain('Entrée invalide'); // zod's French locale
      expect(code).not.toContain('CssSyntaxError'); // postcss, which sanitize-html needs only for style attributes
    }
  });

  it("takes Lambda's credentials from the environment only (no STS or SSO clients bundled), and still loads and answers", () => {
    const code = readFileSync(built[0].outfile, 'utf8');
    expect(code).not.toMatch(/AssumeRoleWithWebIdentity|GetRoleCredentials/);
    expect(code).toContain('AWS_ACCESS_KEY_ID');
    const event = { version: '2.0', rawPath: '/api/app/health', requestContext: { http: { method: 'GET', path: '/api/app/health' } }, headers: {} };
    const script = `const { handler } = await import(${JSON.stringify(built[0].outfile)}); const res = await handler(${JSON.stringify(event)}, {}); console.log(res.statusCode);`;
    const answer = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    expect(answer.trim().split('\n').at(-1)).toBe('200');
  });
});
