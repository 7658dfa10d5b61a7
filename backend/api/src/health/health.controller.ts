import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { LOGGER, type Logger } from '../logging/logger';
import { PortRegistry } from './port-registry';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly ports: PortRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Liveness: the process answers. Says nothing about the servers behind it. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /**
   * Readiness: every configured backing service answers; 503 names the one that does not. The route is
   * public, so why a service is down (driver messages carry host names, users, buckets) goes to the log.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const reports = await this.ports.report();
    const ready = reports.every((report) => report.state === 'up');
    for (const { port, adapter, error } of reports) if (error) this.logger.warn({ port, adapter, error }, `port ${port} is down`);
    res.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ready' : 'unavailable', ports: reports.map(({ error: _error, ...report }) => report) };
  }
}
