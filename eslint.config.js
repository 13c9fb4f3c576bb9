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
            // core ← state ← domain ← engine ← features ← app; ui stands alone.
            {
              target: './src/core',
              from: [
                './src/domain',
                './src/state',
                './src/features',
                './src/app',
                './src/ui',
                './src/engine',
              ],
              message: 'src/core depends on nothing but the language.',
            },
            {
              target: './src/ui',
              from: [
                './src/core',
                './src/state',
                './src/domain',
                './src/features',
                './src/app',
                './src/engine',
              ],
              message:
                'src/ui is shared widgets: it never imports the core, the state or a feature.',
            },
            {
              target: './src/domain',
              from: ['./src/engine', './src/features', './src/app', './src/ui'],
              message:
                'src/domain reads the core and the scenario shapes, never a feature or a widget.',
            },
            {
              target: './src/state',
              from: ['./src/domain', './src/engine', './src/features', './src/app'],
              message:
                'src/state holds inputs: it never imports the domain, the engine or a feature.',
            },
            {
              // The history's one-line summaries use the one number-formatting module.
              target: './src/state',
              from: './src/ui',
              except: ['./number-format.ts'],
              message: 'src/state never imports a widget.',
            },
            {
              target: './src/engine',
              from: ['./src/features', './src/app'],
              message:
                'src/engine runs the domain off the main thread: it never imports a feature or a widget.',
            },
            {
              // The traffic figures' words (read by several tabs) use the one number format.
              target: './src/engine',
              from: './src/ui',
              except: ['./number-format.ts'],
              message: 'src/engine never imports a widget.',
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
    // The core is pure: it depends on nothing but the language.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: uiLibraries.map((name) => ({
            name,
            message: 'src/core must not import UI libraries.',
          })),
          patterns: uiLibraries.map((name) => ({
            group: [`${name}/*`],
            message: 'src/core must not import UI libraries.',
          })),
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
        ].map((name) => ({ name, message: `src/core must not touch the DOM global ${name}.` })),
      ],
    },
  },
  ...layerRules,
);
