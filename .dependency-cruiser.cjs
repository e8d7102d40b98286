/**
 * The server's walls (docs/ARCHITECTURE.md draws them). `npm run lint` runs this; `scripts/boundaries.test.ts`
 * proves each rule fires on a sample that breaks it.
 *
 * - Shared code (config.ts, events.ts, caches.ts, lib/, db/, plugins/) never imports a module, nor the files that
 *   compose the server (app.ts, services.ts, routes.ts, seed.ts, server.ts).
 * - A module imports only modules of the layers below its own, and of those only their face: `service.ts`; never the
 *   files that compose the server, the demo or the test support.
 * - A module's code reads only its own tables: of db/schema/ it imports only the file named after it.
 * - No import cycle anywhere in the server.
 *
 * Tests (`*.test.ts`) and the test support in testing/ are outside the walls: they build and inspect the whole.
 */
const SRC = '^apps/server/src/';

/** The modules, from the ground up: a module may use those of the layers below its own, never its neighbours. */
const LAYERS = [
  ['audit'],
  ['access', 'content', 'files'],
  ['payments'],
  ['catalog'],
  ['versions'],
  ['testers', 'income', 'stages'],
  ['analytics'],
  ['gaming', 'overview', 'admin'],
];

const TESTS = '\\.test\\.ts$';
const OUTSIDE_THE_WALLS = [TESTS, `${SRC}testing/`];
const either = (names) => `(${names.join('|')})`;

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.map((name) => {
    const above = LAYERS.slice(index + 1).flat();
    const neighbours = layer.filter((other) => other !== name);
    const forbidden = [...above, ...neighbours];
    return {
      name: `layers-${name}`,
      comment: `${name} may use only modules of the layers below it (docs/ARCHITECTURE.md)`,
      severity: 'error',
      from: { path: `${SRC}modules/${name}/`, pathNot: OUTSIDE_THE_WALLS },
      to: { path: `${SRC}modules/${either(forbidden)}/` },
    };
  }),
).filter((rule) => !rule.to.path.endsWith('()/'));

module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-module',
      comment: 'config, events, caches, lib/, db/ and plugins/ are below every module and never import one',
      severity: 'error',
      from: { path: `${SRC}(lib/|db/|plugins/|config\\.ts$|events\\.ts$|caches\\.ts$)`, pathNot: OUTSIDE_THE_WALLS },
      to: {
        path: `${SRC}(modules/|demo/|testing/|app\\.ts$|services\\.ts$|routes\\.ts$|seed\\.ts$|server\\.ts$)`,
      },
    },
    {
      name: 'modules-import-no-composition',
      comment:
        'a module is composed by the files above it (app.ts, services.ts, routes.ts, seed.ts) and never imports them, the demo or the test support',
      severity: 'error',
      from: { path: `${SRC}modules/`, pathNot: OUTSIDE_THE_WALLS },
      to: { path: `${SRC}(demo/|testing/|app\\.ts$|services\\.ts$|routes\\.ts$|seed\\.ts$|server\\.ts$)` },
    },
    ...layerRules,
    {
      name: 'module-face-only',
      comment: "a module uses another module through its service (service.ts), never the other's internals",
      severity: 'error',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: OUTSIDE_THE_WALLS },
      to: { path: `${SRC}modules/[^/]+/`, pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/service\\.ts$`] },
    },
    {
      name: 'own-tables-only',
      comment: 'a module reads only its own tables: of db/schema/ it imports the file named after it',
      severity: 'error',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: OUTSIDE_THE_WALLS },
      to: { path: `${SRC}db/schema/`, pathNot: `${SRC}db/schema/$1\\.ts$` },
    },
    {
      name: 'schema-only-in-repositories',
      comment: 'outside the modules, only the database client (and the mailer, for its outbox) knows the tables',
      severity: 'error',
      from: {
        path: SRC,
        pathNot: [
          ...OUTSIDE_THE_WALLS,
          `${SRC}modules/`,
          `${SRC}db/schema/`,
          `${SRC}db/client\\.ts$`,
          `${SRC}plugins/mailer/`,
        ],
      },
      to: { path: `${SRC}db/schema/`, pathNot: `${SRC}db/schema/outbox\\.ts$` },
    },
    {
      name: 'no-cycles',
      comment: 'no file of the server reaches itself through its imports',
      severity: 'error',
      from: { path: SRC, pathNot: OUTSIDE_THE_WALLS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // a type-only import ties two modules as much as any other
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
