import { Controller, Get, INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { createPostgresTestDatabase, TestDatabase } from '@tcg/projections/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { createLogger } from '../logging/logger';
import { ApiExceptionFilter } from '../web/api-exception.filter';
import { AdminOnly, AuthRequired, CurrentUser } from './auth.decorators';
import type { AuthUser } from './users.repository';

@Controller('probe')
class ProbeController {
  @Get('checkout')
  @AuthRequired(messages.checkout.mustSignIn)
  checkout(@CurrentUser() user: AuthUser) {
    return { email: user.email };
  }
}

@AdminOnly()
@Controller('admin/probe')
class AdminProbeController {
  @Get()
  dashboard(@CurrentUser() user: AuthUser) {
    return { admin: user.email };
  }
}

const CSRF = { 'X-Requested-With': 'tcg' };

describe('AuthRequired and AdminOnly on routes of another feature', () => {
  let app: INestApplication;
  let database: TestDatabase & { url: string };
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-auth-guards-'));

  beforeAll(async () => {
    database = await createPostgresTestDatabase({ migrate: false });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: database.url, DEMO_SEED: 'false' });
    const logger = createLogger(config.logLevel);

    @Module({ imports: [AppModule.forRoot(config, logger)], controllers: [ProbeController, AdminProbeController] })
    class ProbeModule {}

    app = await NestFactory.create(ProbeModule, { logger: false });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new ApiExceptionFilter(logger));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(as: 'customer' | 'admin') {
    const agent = request.agent(app.getHttpServer());
    await agent.post('/api/auth/dev/login').set(CSRF).send({ as }).expect(200);
    return agent;
  }

  it('answers 401 with the message the route chose when nobody is signed in', async () => {
    const server = app.getHttpServer();
    await request(server)
      .get('/api/probe/checkout')
      .expect(401, { statusCode: 401, code: 'unauthorized', message: messages.checkout.mustSignIn });
    const res = await request(server).get('/api/admin/probe').expect(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('lets a customer into customer routes and answers 403 on admin routes', async () => {
    const agent = await signedIn('customer');
    await agent.get('/api/probe/checkout').expect(200, { email: 'cliente@demo.tcg.pe' });
    const res = await agent.get('/api/admin/probe').expect(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'forbidden' });
  });

  it('lets an admin in, and shuts them out as soon as the admins row goes', async () => {
    const agent = await signedIn('admin');
    await agent.get('/api/admin/probe').expect(200, { admin: 'admin@demo.tcg.pe' });
    await app.get<Database>(DATABASE).query(`DELETE FROM admins`);
    await agent.get('/api/admin/probe').expect(403);
  });
});
