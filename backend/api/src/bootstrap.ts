import { INestApplication } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ThrottlerStorage } from '@nestjs/throttler';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { AppModule } from './app.module';
import { securityHeaders } from './auth/security-headers';
import { AppConfig } from './config/app-config';
import { DATABASE } from './database/database.module';
import { PortRegistry } from './health/port-registry';
import { ShutdownState } from './health/shutdown-state';
import { Logger, NestPinoLogger } from './logging/logger';
import { requestLogSerializers } from './logging/request-log';
import { ApiExceptionFilter } from './web/api-exception.filter';
import { answerClientErrors } from './web/client-errors';
import { linkPreviews } from './web/link-preview';
import { pageRateLimit } from './web/page-rate-limit';
import { crawlerFiles } from './web/sitemap';
import { readRequestBodies } from './web/request-bodies';
import { serveFrontend } from './web/spa';

/**
 * Builds the HTTP application (not yet listening): API under /api, OpenAPI at /api/docs, the built
 * storefront on the same port. main.ts and the tests share it, so tests run the app as it ships.
 */
export async function createApp(config: AppConfig, logger: Logger): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    logger: new NestPinoLogger(logger),
    // A provider that cannot start rejects here, for main.ts to say why in one line, instead of exiting inside Nest.
    abortOnError: false,
    // JSON only, UTF-8 only (`readRequestBodies`): Nest's defaults read URL-encoded forms too.
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  answerClientErrors(app.getHttpServer());
  const shutdown = app.get(ShutdownState);
  // While draining (see main.ts), keep-alive connections are told to close after their answer.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (shutdown.draining) res.setHeader('Connection', 'close');
    next();
  });
  app.setGlobalPrefix('api');
  app.use(securityHeaders(config));
  // A projector or worker is not the shop: its port (never published) answers its health checks only.
  if (config.role === 'projector' || config.role === 'worker') app.use(healthOnly);
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        // A proxy's id is kept when it looks like one; anything else from outside (a 10 KB script, say)
        // would be echoed, logged and stored as the correlation id of the events the request writes.
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      // Method, path and status only: cookies are sessions, and OAuth callbacks carry codes.
      serializers: requestLogSerializers,
      // A 5xx's request line without pino-http's stand-in error ('failed with status code 500' and its
      // stack): the exception filter's line, with the same request id, holds the real one.
      customErrorObject: (_req, res, _error, { err, ...line }) => (res.err ? { err, ...line } : line),
    }),
  );
  readRequestBodies(app);
  if (config.role === 'projector' || config.role === 'worker') return app;
  // API answers and index.html, compressed as they leave (gzip or brotli, as the browser takes them);
  // the storefront's assets come compressed from the build and are left alone.
  app.use(compression({ threshold: 1024 }));
  if (config.apiDocs) {
    const openApi = new DocumentBuilder().setTitle('TCG Shop API').setVersion('1').build();
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  }
  serveFrontend(app.getHttpAdapter().getInstance(), config.frontendDist, logger, {
    previewOf: linkPreviews(app.get(QueryBus), config.auth.publicUrl),
    crawlerFiles: crawlerFiles(app.get<Database>(DATABASE), config.auth.publicUrl, logger),
    rateLimit: pageRateLimit(app.get(ThrottlerStorage), messages.auth.tooManyRequests),
  });
  return app;
}

/** A request id from a proxy: a UUID or a similar token, short and printable. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

const HEALTH_PATHS = new Set(['/api/health', '/api/ready']);

function healthOnly(req: Request, res: Response, next: NextFunction): void {
  if (HEALTH_PATHS.has(req.path)) return next();
  res.status(404).json({ statusCode: 404, code: 'not_found', message: 'Este proceso solo atiende /api/health y /api/ready.' });
}

/** One line per port, naming the adapter in use. */
export function logPorts(app: INestApplication, logger: Logger): void {
  for (const port of app.get(PortRegistry).list()) logger.info({ port: port.port, adapter: port.adapter }, `port ${port.port}: ${port.adapter}`);
}
