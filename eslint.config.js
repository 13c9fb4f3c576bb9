import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const uiLibraries = ['react', 'react-dom', 'zustand', 'zod'];

const features = ['gate', 'budget', 'routing', 'pricing', 'share', 'traffic'];

const layerRules = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // format and core ← model ← state, domain ← engine ← features ← app; ui stands
            // alone on format. Each zone is one of docs/ARCHITECTURE.md's "nevers".
            {
              target: './src/format',
              from: './src',
              except: ['./format'],
              message:
                'src/format is the one number format: it depends on nothing but the language.',
            },
            {
              target: './src/core',
              from: './src',
              except: ['./core'],
              message: 'src/core depends on nothing but the language.',
            },
            {
              target: './src/model',
              from: './src',
              except: ['./model', './core'],
              message: "src/model is the scenario's plain data: it imports only the core.",
            },
            {
              target: './src/state',
              from: ['./src/domain', './src/engine', './src/features', './src/app', './src/ui'],
              message:
                'src/state holds inputs: it never imports the domain, the engine, a feature or a widget.',
            },
            {
              target: './src/domain',
              from: ['./src/state', './src/engine', './src/features', './src/app', './src/ui'],
              message:
                'src/domain reads the core and the model, never the store, a feature or a widget.',
            },
            {
              target: './src/ui',
              from: [
                './src/core',
                './src/model',
                './src/state',
                './src/domain',
                './src/features',
                './src/app',
                './src/engine',
              ],
              message:
                'src/ui is shared widgets: it takes plain props and never imports the core, the model, the state or a feature.',
            },
            {
              target: './src/engine',
              from: ['./src/features', './src/app', './src/ui'],
              message:
                'src/engine runs the domain off the main thread: it never imports a feature or a widget.',
            },
            {
              target: [
                './src/core',
                './src/model',
                './src/state',
                './src/domain',
                './src/engine',
                './src/features',
                './src/app',
                './src/ui',
                './src/format',
              ],
              from: './src/sql',
              message:
                'src/sql runs DuckDB in Node (export, tests, bench, CLI): nothing the browser bundles may import it.',
            },
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'A feature never imports another feature: share it through src/domain.',
            })),
          ],
        },
      ],
    },
  },
];
export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test/fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'dangerouslySetInnerHTML is forbidden (CSP and XSS).',
        },
        { selector: "CallExpression[callee.name='eval']", message: 'eval is forbidden.' },
        {
          selector: "NewExpression[callee.name='Function']",
          message: 'new Function is forbidden.',
        },
      ],
    },
  },
  {
    // The core, the model and the number format are pure: no UI library, no DOM.
    files: ['src/core/**/*.ts', 'src/model/**/*.ts', 'src/format/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: uiLibraries.map((name) => ({
            name,
            message: 'The core, the model and the number format must not import UI libraries.',
          })),
          patterns: [
            ...uiLibraries.map((name) => ({
              group: [`${name}/*`],
              message: 'The core, the model and the number format must not import UI libraries.',
            })),
            { group: ['@duckdb/*'], message: 'DuckDB is Node-only: import it from src/sql.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'location',
          'fetch',
        ].map((name) => ({
          name,
          message: `The core, the model and the number format must not touch the DOM global ${name}.`,
        })),
      ],
    },
  },
  ...layerRules,
  {
    // DuckDB is a native Node binding: only src/sql (and the CLI, tests and bench outside src) may load it.
    files: ['src/**/*.{ts,tsx}'],
    // The pure layers have their own no-restricted-imports (which lists DuckDB too).
    ignores: ['src/sql/**', 'src/core/**', 'src/model/**', 'src/format/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@duckdb/*'],
              message: 'DuckDB is Node-only: import it from src/sql, never from the browser code.',
            },
          ],
        },
      ],
    },
  },
);
