import { build } from 'esbuild';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { literalSchemaKeys, literalSchemaKeysPlugin } from '../../infra/bundling/literal-schema-keys';

const require = createRequire(import.meta.url);
/** Every AWS SDK client the functions use. */
const clients = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies).filter((name) => name.startsWith('@aws-sdk/client-'));

let outDir: string;
beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'formation-schemas-'));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A schemas module bundled alone, loaded, and written out with each function as its source text. */
async function loaded(file: string, transformed: boolean, name: string): Promise<string> {
  const { outputFiles } = await build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'node', write: false, plugins: transformed ? [literalSchemaKeysPlugin] : [] });
  const out = join(outDir, `${name}-${transformed}.mjs`);
  writeFileSync(out, outputFiles[0].text);
  const exports = await import(pathToFileURL(out).href);
  return JSON.stringify(exports, (_key, value) => (typeof value === 'function' ? `fn:${String(value)}` : value));
}

describe('literalSchemaKeys', () => {
  it('writes a computed key naming a string constant as that string, and leaves other keys alone', () => {
    const source = ['const _hH = "httpHeader";', 'const n0 = "com.amazonaws.s3";', 'export var A$ = [0, n0, { [_hH]: _xa, [other]: 1 }, [_hH]];'].join('\n');
    expect(literalSchemaKeys(source)).toContain('{ "httpHeader": _xa, [other]: 1 }, [_hH]]');
  });

  it.each(clients)('gives %s the same shapes as its own module', async (client) => {
    const schemas = join(dirname(require.resolve(`${client}/package.json`)), 'dist-es', 'schemas');
    const files = readdirSync(schemas).filter((f) => /^schemas_\d+\.js$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const name = `${client.replace('/', '_')}-${file}`;
      // The rewrite still finds keys to write (a generator that changed its format would leave it silently idle).
      const source = readFileSync(join(schemas, file), 'utf8');
      expect(literalSchemaKeys(source), name).not.toBe(source);
      expect(await loaded(join(schemas, file), true, name)).toBe(await loaded(join(schemas, file), false, name));
    }
  });
});
