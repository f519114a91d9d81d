import type { Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, isAbsolute } from 'node:path';

/** The document-client commands ElectroDB sends (electrodb/src/client.js, `new this.lib.<Name>Command`), but Scan. */
export const ELECTRODB_COMMANDS = ['Get', 'Put', 'Update', 'Delete', 'BatchWrite', 'BatchGet', 'Query', 'TransactWrite', 'TransactGet'].map((name) => `${name}Command`);

/**
 * No request path may scan the table (ARCHITECTURE.md section 5) and IAM refuses it, so Scan is
 * not in the bundles either: a scan fails with a clear error, and a bundle that holds ScanCommand
 * (someone sent one directly) has no grant for it and stops the synth (infra/function-needs.ts).
 */
export const LEFT_OUT_COMMANDS = ['ScanCommand'];

const REGISTRY = 'Symbol.for("formation.electrodb-commands")';

/**
 * ElectroDB takes `@aws-sdk/lib-dynamodb` with a CommonJS `require`. esbuild cannot tree-shake
 * an ES module (nor anything it imports) that is reached through `require`, so every bundle
 * kept every document command and, through them, every DynamoDB operation with its shapes
 * (backups, exports, global tables, waiters...): about 45 KiB minified.
 * So ElectroDB's `require` gets an object whose getters read the ten command classes it uses
 * from a registry, and each entry point first imports a module that fills the registry with
 * ordinary ES imports (which tree-shake). Same classes, no `require` of the SDK.
 */
export const electrodbCommands: Plugin = {
  name: 'electrodb-commands',
  setup(build) {
    const electrodb = dirname(createRequire(import.meta.url).resolve('electrodb/package.json'));
    // Narrow filters: a catch-all one would call back into JavaScript for every import of every bundle.
    const entries = Object.values(build.initialOptions.entryPoints ?? {}).map((entry) => (typeof entry === 'string' ? entry : entry.in).replace(/^\.\//, ''));
    const escaped = entries.map((entry) => entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    if (escaped.length) {
      // esbuild hands an entry's path to plugins with a leading ./
      build.onResolve({ filter: new RegExp(`^(\\./)?(${escaped.join('|')})$`) }, (args) =>
        args.kind === 'entry-point' ? { path: args.path, namespace: 'electrodb-commands-entry', pluginData: args.resolveDir } : undefined,
      );
    }
    build.onResolve({ filter: /^@aws-sdk\/lib-dynamodb$/ }, (args) => (args.importer.startsWith(electrodb) ? { path: 'lookup', namespace: 'electrodb-commands' } : undefined));
    build.onResolve({ filter: /^electrodb-commands:register$/ }, () => ({ path: 'register', namespace: 'electrodb-commands' }));
    build.onLoad({ filter: /.*/, namespace: 'electrodb-commands-entry' }, (args) => ({
      // The registry is filled before the handler's modules (and ElectroDB) are evaluated.
      contents: `import "electrodb-commands:register";\nexport * from ${JSON.stringify(isAbsolute(args.path) || args.path.startsWith('.') ? args.path : `./${args.path}`)};`,
      resolveDir: args.pluginData as string,
      loader: 'js',
    }));
    build.onLoad({ filter: /^register$/, namespace: 'electrodb-commands' }, () => ({
      contents: `import { ${ELECTRODB_COMMANDS.join(', ')} } from "@aws-sdk/lib-dynamodb";\nglobalThis[${REGISTRY}] = { ${ELECTRODB_COMMANDS.join(', ')} };`,
      resolveDir: electrodb,
      loader: 'js',
    }));
    build.onLoad({ filter: /^lookup$/, namespace: 'electrodb-commands' }, () => ({
      contents: [
        `const commands = () => globalThis[${REGISTRY}] ?? (() => { throw new Error("electrodb-commands: the bundle's entry did not register the document commands"); })();`,
        `const leftOut = (name) => { throw new Error(\`electrodb-commands: \${name} is left out of the bundles on purpose\`); };`,
        `module.exports = { ${[
          ...ELECTRODB_COMMANDS.map((name) => `get ${name}() { return commands().${name}; }`),
          ...LEFT_OUT_COMMANDS.map((name) => `get ${name}() { return leftOut(${JSON.stringify(name)}); }`),
        ].join(', ')} };`,
      ].join('\n'),
      loader: 'js',
    }));
  },
};
