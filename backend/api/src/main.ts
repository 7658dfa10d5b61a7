import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { createApp, logPorts } from './bootstrap';
import { ConfigError, dataLocation, isLoopback, loadConfig } from './config/app-config';
import { ShutdownState } from './health/shutdown-state';
import { createLogger } from './logging/logger';
import { diskProblem, listenProblem, StartupProblem } from './startup-problems';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let app: INestApplication | undefined;
  try {
    app = await createApp(config, logger);
    await app.init();
  } catch (error) {
    if (!(error instanceof StartupProblem)) throw error;
    await app?.close().catch(() => undefined);
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close().catch(() => undefined);
    process.stderr.write(`Cannot listen on ${config.host}:${config.port}: ${listenProblem(error)}\n`);
    process.exit(1);
  }
  logPorts(app, logger);
  logger.info({ url: `http://localhost:${config.port}`, role: config.role, ...dataLocation(config) }, 'shop ready');
  if (config.auth.devLogin && !isLoopback(config.host)) {
    logger.warn({ host: config.host }, 'DEV_LOGIN is on and the shop listens beyond this machine: anyone who reaches the port can sign in as the demo admin');
  }

  // Drain, stop accepting connections, let requests in flight finish, close pools; give up after a bound.
  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    drainThenClose(app).then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/**
 * How long a stopping process keeps serving before it closes its port. Closing at once reset requests
 * already sent but not yet read (Node counts their connections idle and closes them): a checkout lost
 * to every deploy. Meanwhile readiness says `draining` and every answer `Connection: close`.
 */
const DRAIN_MS = 1_000;

async function drainThenClose(app: INestApplication): Promise<void> {
  app.get(ShutdownState).draining = true;
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  // The port first, waiting for the requests in flight; then the pools and queues they were using.
  const server = app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${diskProblem(error) ?? (error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
  process.exit(1);
});
