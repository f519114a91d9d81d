import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ELECTRODB_COMMANDS, LEFT_OUT_COMMANDS } from '../../infra/bundling/electrodb-commands';
import { sanitizerModules } from '../../infra/bundling/sanitizer-parser-only';

/**
 * The bundling stand-ins name what they replace in other packages; an upgrade of those packages
 * could move it. These checks read the installed packages, so such an upgrade fails here first.
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

describe('bundling stand-ins still match the packages they replace', () => {
  it('electrodb-commands registers exactly the document commands ElectroDB constructs, but Scan', () => {
    const client = readFileSync(join(packageDir('electrodb'), 'src', 'client.js'), 'utf8');
    const constructed = new Set([...client.matchAll(/new this\.lib\.(\w+Command)\(/g)].map((match) => match[1]));
    expect([...constructed].sort()).toEqual([...ELECTRODB_COMMANDS, ...LEFT_OUT_COMMANDS].sort());
    const documentClient = require('@aws-sdk/lib-dynamodb') as Record<string, unknown>;
    for (const name of ELECTRODB_COMMANDS) expect(typeof documentClient[name], name).toBe('function');
  });

  it('sanitizer-parser-only: sanitize-html takes only Parser from htmlparser2, which Parser.js defines', () => {
    const { sanitizeHtml, parserModule } = sanitizerModules();
    const source = readFileSync(join(sanitizeHtml, 'index.js'), 'utf8');
    const uses = [...source.matchAll(/htmlparser\.(\w+)/g)].map((match) => match[1]);
    expect(new Set(uses)).toEqual(new Set(['Parser']));
    expect(typeof (require(parserModule) as { Parser?: unknown }).Parser).toBe('function');
  });
});
