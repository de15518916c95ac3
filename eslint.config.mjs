import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// Import boundaries (the layering). ESLint keeps only the last `no-restricted-imports` that matches a file,
// so every block below carries the complete list for its files: `layer()` adds the production-only
// restrictions (test helpers, and in the api the seed) to non-test files, and gives the layer's own
// `*.test.ts(x)` files the rest. Relative imports are matched by folder name with `inside()`.
const inside = (folders) => `^\\.{1,2}/(.*/)?(${folders})(/|$)`;
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/src/test/**'];
const noTestHelpers = {
  regex: inside('test'),
  message: 'Only *.test.ts(x) files and src/test itself may import the test helpers of src/test/.',
};
const noSeed = {
  regex: inside('seed'),
  message: 'Production api code does not import the demo seed (seed/); only tests and the composition (bootstrap.ts, cli/) may.',
};
const noCli = { regex: inside('cli'), message: 'Nothing imports the command-line entry points in cli/.' };
const noComposition = {
  regex: '^\\.{1,2}/(.*/)?(app|server|bootstrap)$',
  message: 'app.ts, server.ts and bootstrap.ts are the composition at the top; lower layers do not import them.',
};
const noModuleComposition = {
  regex: '^\\.{1,2}/(.*/)?(appContext|backgroundJobs)$',
  message: 'appContext.ts and backgroundJobs.ts are the composition: modules/ takes what it needs as arguments.',
};
const noFeaturesOrDomain = {
  regex: inside('features|domain'),
  message: 'The shared kit (components/) holds no domain logic: it never imports domain/ or features/.',
};
const noFeatures = { regex: inside('features'), message: 'domain/ never imports features/.' };

/** Restrict `files`: `always` applies to every file, `inProduction` also to the non-test files. */
function layer(name, files, always, inProduction = [noTestHelpers]) {
  const blocks = [
    { name: `layers/${name}`, files, ignores: TEST_FILES, rules: { 'no-restricted-imports': ['error', { patterns: [...always, ...inProduction] }] } },
  ];
  if (always.length > 0) {
    blocks.push({
      name: `layers/${name}/tests`,
      files: files.map((glob) => [glob, '**/*.test.{ts,tsx}']),
      rules: { 'no-restricted-imports': ['error', { patterns: always }] },
    });
  }
  return blocks;
}

const API = 'apps/api/src';
const WEB = 'apps/web/src';
const layerRules = [
  // Everywhere in the api and the web: only tests and src/test use src/test.
  ...layer('api', [`${API}/**/*.ts`], []),
  ...layer('web', [`${WEB}/**/*.{ts,tsx}`], []),
  // db is the bottom layer of the api (tables live in db/tables/); it may use lib/.
  ...layer(
    'api/db',
    [`${API}/db/**/*.ts`],
    [
      {
        regex: inside('modules|platform|plugins|seed|cli'),
        message: 'db/ is the bottom layer: it does not import modules/, platform/, plugins/, seed/ or cli/.',
      },
      noComposition,
    ],
  ),
  // lib holds framework-free helpers below db.
  ...layer(
    'api/lib',
    [`${API}/lib/**/*.ts`],
    [
      {
        regex: inside('modules|platform|plugins|seed|cli|db'),
        message: 'lib/ is below everything: it does not import modules/, platform/, plugins/, seed/, cli/ or db/.',
      },
      noComposition,
    ],
  ),
  // platform/ is the shared floor of adapters (the audit writer, list export, mail and its templates, file
  // storage, the job registry): above db/ and lib/, below modules/ and plugins/. Its tests may use src/test.
  ...layer(
    'api/platform',
    [`${API}/platform/**/*.ts`],
    [
      {
        regex: inside('modules|plugins|seed|cli'),
        message: 'platform/ is the shared floor: it imports db/, lib/ and the contract only, never modules/, plugins/, seed/ or cli/.',
      },
      {
        regex: '^\\.{1,2}/(.*/)?(app|appContext|backgroundJobs|server|bootstrap)$',
        message: 'platform/ never imports the composition (app.ts, appContext.ts, backgroundJobs.ts, server.ts, bootstrap.ts): it is handed what it needs.',
      },
    ],
  ),
  // Modules and plugins: tests may use the seed (fixtures), src/test and the app (buildApp); production code
  // none of them: the composition (app.ts, appContext.ts, backgroundJobs.ts, server.ts, bootstrap.ts) imports
  // them, never the reverse. plugins/ holds Fastify plugins only, so it never imports a domain (its tests may, as fixtures).
  ...layer('api/modules', [`${API}/modules/**/*.ts`], [noCli], [noSeed, noTestHelpers, noComposition, noModuleComposition]),
  // The payouts module uses the bookings module's repository, one way only (issue 26): bookings never
  // imports payouts, and payouts reaches bookings through its repository, never its service or routes.
  ...layer(
    'api/modules/bookings',
    [`${API}/modules/bookings/**/*.ts`],
    [noCli, { regex: inside('payouts'), message: 'bookings/ does not import payouts/: the payouts module uses bookings, never the reverse.' }],
    [noSeed, noTestHelpers, noComposition, noModuleComposition],
  ),
  ...layer(
    'api/modules/payouts',
    [`${API}/modules/payouts/**/*.ts`],
    [
      noCli,
      {
        regex: '^\\.\\./bookings/(?!bookings\\.repository$)',
        message: 'payouts/ uses the bookings module through bookings.repository only (not its service or routes).',
      },
    ],
    [noSeed, noTestHelpers, noComposition, noModuleComposition],
  ),
  ...layer(
    'api/plugins',
    [`${API}/plugins/**/*.ts`],
    [noCli],
    [
      noSeed,
      noTestHelpers,
      noComposition,
      {
        regex: '^\\.{1,2}/(.*/)?(appContext|backgroundJobs)$',
        message: 'appContext.ts and backgroundJobs.ts are the composition: plugins/ takes what it needs as arguments.',
      },
      {
        regex: inside('modules'),
        message: 'plugins/ holds Fastify plugins only: it does not import modules/ (domain code); shared adapters live in platform/.',
      },
    ],
  ),
  // web: config/ (the screen registry) < lib/ < components/ < domain/ < features/ < app/, each importing only those below it.
  ...layer(
    'web/config',
    [`${WEB}/config/**/*.{ts,tsx}`],
    [
      {
        regex: inside('lib|components|domain|features|app'),
        message: 'config/ is the bottom of the web: it imports packages only, never lib/, components/, domain/, features/ or app/.',
      },
    ],
  ),
  ...layer(
    'web/lib',
    [`${WEB}/lib/**/*.{ts,tsx}`],
    [
      {
        regex: inside('components|domain|features|app'),
        message: 'lib/ is below the kit and the screens: it never imports components/, domain/, features/ or app/.',
      },
    ],
  ),
  ...layer(
    'web/components',
    [`${WEB}/components/**/*.{ts,tsx}`],
    [noFeaturesOrDomain, { regex: inside('app'), message: 'The shared kit (components/) never imports app/.' }],
  ),
  ...layer('web/domain', [`${WEB}/domain/**/*.{ts,tsx}`], [noFeatures, { regex: inside('app'), message: 'domain/ never imports app/.' }]),
  // Features do not import each other; shared code flows from config/, lib/, components/ and domain/ into features, and
  // features into app/ (the router and the shell), never back.
  ...layer(
    'web/features',
    [`${WEB}/features/**/*.{ts,tsx}`],
    [
      { group: ['../*/*', '!../../*'], message: 'Features do not import each other: move shared code to components/, domain/ or lib/.' },
      { regex: inside('app'), message: 'Features never import app/: what they share with the shell (screens, paths, access) lives in config/.' },
    ],
  ),
  // The benchmark uses the api only through its package exports (@ute/api/bench).
  ...layer(
    'bench',
    ['bench/**/*.ts'],
    [
      { regex: '^(\\.{1,2}/)+apps/', message: 'bench imports the api through its package exports (@ute/api/bench), never apps/ source paths.' },
      { regex: '^@ute/api/src(/|$)', message: 'bench imports the api through its package exports (@ute/api/bench), never apps/api/src paths.' },
    ],
    [],
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/drizzle/**', '.tmp/**', 'bench/results/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...layerRules,
  // No import cycles in the apps and the contract: each folder's arrows run one way. The rule skips
  // type-only imports, so a type loop (db/counters ⇄ db/tables/dashboard.table was one) is for review.
  {
    name: 'no-cycles',
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
);
