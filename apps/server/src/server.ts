import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoProjects } from './demo/projects.ts';
import { DEMO_ADMIN, DEMO_PARTNER, DEMO_TEAM, DEMO_TEAM_PASSWORD, DEMO_TESTER } from './modules/access/demo.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  // one node seeds while the others wait, then find the projects there
  if (config.seedDemoProjects) await app.database.exclusive('portal:demo-projects', () => seedDemoProjects(app));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const drainMs = config.shutdownDrainSeconds * 1000;
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, drainMs + 10_000);
    timer.unref();
    try {
      // the proxy sees /readyz fail and sends its last requests elsewhere, while this node still answers them
      app.readiness.isStopping = true;
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Partner Portal is running at ${url}`,
    `  Runtime: Node.js ${process.version}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/db`}`,
    ...(config.apiDocs ? [`  API reference: ${url}/api/docs`] : []),
    ...(app.mailer.kind === 'outbox' ? [`  Dev outbox (mails): ${url}/dev/outbox`] : []),
    ...(config.seedDemo
      ? [
          `  Demo partner login: ${DEMO_PARTNER.email} / ${DEMO_PARTNER.password}`,
          `  Demo admin login:   ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (review console at ${url}/admin)`,
          ...(config.seedDemoProjects
            ? [
                `  Demo tester login:  ${DEMO_TESTER.email} / ${DEMO_TESTER.password} (testing builds only)`,
                `  The demo partner's studio team (password ${DEMO_TEAM_PASSWORD}), one of each role:`,
                ...DEMO_TEAM.map((member) => `    ${`${member.role}:`.padEnd(11)} ${member.email}`),
              ]
            : []),
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
