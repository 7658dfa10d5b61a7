import { Controller, Get, type INestApplication, Module, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Response } from 'express';
import pino from 'pino';
import request from 'supertest';
import { ConcurrencyError } from '@tcg/projections';
import { ApiExceptionFilter } from './api-exception.filter';

@Controller('late')
class LateFailureController {
  /** Answers, then fails: what express-session does when its store cannot touch the session after the response. */
  @Get()
  answerThenFail(@Res() res: Response): void {
    res.json({ ok: true });
    throw new Error('Connection terminated unexpectedly');
  }

  /** What `pg` throws when a statement passed DATABASE_QUERY_TIMEOUT_MS, and when the server shuts down. */
  @Get('frozen')
  frozen(): never {
    throw new Error('Query read timeout');
  }

  /** A `pg` Client's own connect past its bound (the projection lock's client). */
  @Get('connect-timeout')
  connectTimeout(): never {
    throw new Error('timeout expired');
  }

  @Get('shutdown')
  shutdown(): never {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  }

  /** What a command throws when other processes kept writing its stream for as long as it retried. */
  @Get('busy')
  busy(): never {
    throw new ConcurrencyError('card-Hot Card', 76, 77);
  }
}

@Module({ controllers: [LateFailureController] })
class LateFailureModule {}

describe('ApiExceptionFilter after the answer has left', () => {
  let app: INestApplication;
  const logged: unknown[] = [];
  beforeAll(async () => {
    app = await NestFactory.create(LateFailureModule, { logger: false });
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    app.useGlobalFilters(new ApiExceptionFilter(logger));
    await app.init();
  });
  afterAll(() => app.close());

  it('logs the error and leaves the answer as it was sent, instead of throwing ERR_HTTP_HEADERS_SENT', async () => {
    const thrown: unknown[] = [];
    const onError = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onError);
    try {
      const res = await request(app.getHttpServer()).get('/late').expect(200);
      expect(res.body).toEqual({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(thrown).toEqual([]);
    expect(logged).toEqual([expect.objectContaining({ err: expect.objectContaining({ message: 'Connection terminated unexpectedly' }) })]);
  });
});

describe('ApiExceptionFilter on failures a retry may get past', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await NestFactory.create(LateFailureModule, { logger: false });
    app.useGlobalFilters(new ApiExceptionFilter(pino({ level: 'silent' })));
    await app.init();
  });
  afterAll(() => app.close());

  // Before: a 500 'Ocurrió un error inesperado', as if the shop had failed; nothing was written, a retry passes.
  it('answers a stream other processes kept busy with 503 in Spanish and Retry-After, so the client tries again', async () => {
    const res = await request(app.getHttpServer()).get('/late/busy').expect(503);
    expect(res.body).toEqual({ statusCode: 503, code: 'busy', message: 'La tienda está atendiendo muchos pedidos a la vez. Inténtalo de nuevo en unos segundos.' });
    expect(res.headers['retry-after']).toBe('1');
  });

  // Before: a 500 'Ocurrió un error inesperado', as if the shop were broken, with nothing saying to retry.
  it.each(['/late/frozen', '/late/connect-timeout', '/late/shutdown'])('answers a database that does not answer (%s) with 503 in Spanish and Retry-After', async (path) => {
    const res = await request(app.getHttpServer()).get(path).expect(503);
    expect(res.body).toEqual({ statusCode: 503, code: 'database_unavailable', message: 'La tienda no puede atenderte en este momento. Inténtalo de nuevo en unos segundos.' });
    expect(res.headers['retry-after']).toBe('5');
  });
});
