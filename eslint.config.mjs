import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/var/**', '**/*.js', '**/*.cjs', '**/*.mjs', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: ['@tcg/projections/testing'],
          depConstraints: [
            { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:projections', onlyDependOnLibsWithTags: ['scope:domain'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:projections', 'scope:domain'] },
            { sourceTag: 'scope:frontend', onlyDependOnLibsWithTags: ['scope:domain'] },
          ],
        },
      ],
    },
  },
);
