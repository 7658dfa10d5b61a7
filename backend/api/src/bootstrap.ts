import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { AppModule } from './app.module';
import { securityHeaders } from './auth/security-headers';
import { AppConfig } from './config/app-config';
import { PortRegistry } from './health/port-registry';
import { Logger, NestPinoLogger } from './logging/logger';
import { ApiExceptionFilter } from './web/api-exception.filter';
import { serveFrontend } from './web/spa';

/**
 * Builds the HTTP application (not yet listening): API under /api, OpenAPI at /api/docs, the built
 * storefront on the same port. main.ts and the tests share it, so tests run the app as it ships.
 */
export async function createApp(config: AppConfig, logger: Logger): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    logger: new NestPinoLogger(logger),
  });
  app.set('trust proxy', config.trustProxy);
  app.setGlobalPrefix('api');
  app.use(securityHeaders(config));
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );
  const openApi = new DocumentBuilder().setTitle('TCG Shop API').setVersion('1').build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  serveFrontend(app.getHttpAdapter().getInstance(), config.frontendDist, logger);
  return app;
}

/** One line per port, naming the adapter in use. */
export function logPorts(app: INestApplication, logger: Logger): void {
  for (const port of app.get(PortRegistry).list()) logger.info({ port: port.port, adapter: port.adapter }, `port ${port.port}: ${port.adapter}`);
}
