/**
 * The project's dependency rules, checked by `npm run lint` (dependency-cruiser) and proven by
 * apps/server/test/unit/dependency-rules.test.ts, which breaks each rule on purpose.
 */
const MODULE = '^apps/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment:
        "A server module shows its index.ts and hides the rest: another module imports '../<m>', " +
        'never ../<m>/repo or any other file of it.',
      severity: 'error',
      from: { path: MODULE },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-internals-from-outside',
      comment: 'app.ts, the demo seed and the kernel reach a module through its index.ts too.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/modules/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'kernel-below-modules',
      comment:
        'The kernel (db, http, security, jobs, realtime, integrations, errors...) serves the ' +
        'modules and knows none; only the assembly (app.ts, main.ts, providers.ts) and the demo seed do.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/',
          '^apps/server/src/(app|main|providers)\\.ts$',
          '^apps/server/src/demo/',
        ],
      },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'no-module-cycle',
      comment: 'Server modules depend on each other one way: no circle of modules.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'no-cycle',
      comment:
        'No file of the server, the packages or the apps imports itself through others at run ' +
        'time (a circle of type-only imports is erased by the compiler and allowed).',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-is-pure',
      comment:
        'packages/domain is rules and schemas without I/O: it imports only itself, zod and the ' +
        'date libraries (date-fns, @date-fns/tz; DESIGN.md section 3).',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: {
        pathNot: ['^packages/domain/src/', '^node_modules/(zod|date-fns|@date-fns/tz)/'],
      },
    },
    {
      name: 'apps-apart',
      comment: 'An app never imports another app; what they share lives in packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-below-apps',
      comment: 'Packages are shared by the apps and import none of them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-server|test-results|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
