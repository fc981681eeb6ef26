import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The package graph is the architecture: core imports nothing of ours, nothing imports server or web. */
const restrictedImports = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((name) => ({ group: [name, `${name}/*`], message: `This package may not import ${name}.` })) },
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Two of the strict preset's type-checked rules ask the checker about every assignment and argument, a
      // sixth of the lint's time, for what this code cannot contain: TypeScript enums (forbidden below;
      // value lists are `as const` arrays) and class-typed values built from plain objects (classes here
      // are services and errors, never data). docs/architecture.md, "Tests and their speed".
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='eval']", message: 'Formulas go through the core expression engine.' },
        { selector: "NewExpression[callee.name='Function']", message: 'Formulas go through the core expression engine.' },
        { selector: "MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(only|skip)$/]", message: 'No focused or skipped tests.' },
        { selector: 'TSEnumDeclaration', message: 'Value lists are `as const` arrays with a derived union type.' },
      ],
    },
  },
  // Root config files belong to no package's tsconfig; they are linted without type information.
  { files: ['**/*.js', '**/*.mjs', '*.config.ts'], ...tseslint.configs.disableTypeChecked },
  { files: ['packages/core/**'], rules: restrictedImports(['@dcap/server', '@dcap/web', 'react', 'fastify', 'kysely']) },
  { files: ['packages/server/**'], rules: restrictedImports(['@dcap/web']) },
  { files: ['packages/web/**'], rules: restrictedImports(['@dcap/server']) },
  // A migration is frozen: it imports kysely and data beside it, never live modules, seed code or core, whose
  // later changes would change what an old migration does (docs/decisions.md). The import-graph test checks it too.
  {
    files: ['packages/server/src/db/migrations/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@dcap/*', '../*', '../../*'], message: 'A migration imports only kysely and frozen data beside it.' }] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.tsx', 'packages/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
);
