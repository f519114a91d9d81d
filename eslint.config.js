import { readdirSync, existsSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/** A named `z` keeps all of zod in a Lambda bundle (esbuild cannot tree-shake it): 190 KiB against 100. */
const zodAsNamespace = { selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier", message: "Import zod as a namespace: import * as z from 'zod'." };

/** Import boundaries (ARCHITECTURE.md sections 3 and 10). */
const noServerCode = { group: ['**/functions/**', '**/infra/**', '**/bin/**'], message: 'The web app never imports server code.' };

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '**/dist', 'cdk.out', '.data', 'test-results', 'playwright-report', '.bench'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'no-restricted-syntax': ['error', zodAsNamespace],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [noServerCode] }],
      'no-restricted-syntax': [
        'error',
        zodAsNamespace,
        // SPEC.md sections 8 and 9: every chunk load times out and fails as ChunkLoadError (web/src/lib/chunk-load.ts).
        { selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']", message: 'Use lazyChunk (web/src/lib/chunk-load.ts) or lazyWithPreload: they time out and report ChunkLoadError.' },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`]),
              message: 'Features do not import each other; move shared pieces to components/ui or lib.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/functions/**', '**/web/**', '**/infra/**', 'node:*'], message: 'shared/ runs in the browser and in Lambda: no server or web imports.' }] },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', '**/infra/**', '**/bin/**'], message: 'Functions import only functions/ and shared/.' }] }],
    },
  },
);
