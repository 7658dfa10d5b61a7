import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Database, readCheckpoints, SHADOW_SUFFIX } from '@tcg/projections';
import type { Response } from 'express';
import { DATABASE } from '../database/database.module';
import { LOGGER, type Logger } from '../logging/logger';
import { PortRegistry } from './port-registry';
import { ShutdownState } from './shutdown-state';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly ports: PortRegistry,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly shutdown: ShutdownState,
  ) {}

  /** Liveness: the process answers. Says nothing about the servers behind it. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /**
   * Readiness: every configured backing service answers; 503 names the one that does not. The route is
   * public, so why a service is down (driver messages carry host names, users, buckets) goes to the log.
   * A halted projection leaves the shop serving, with that read model frozen at the halt: still 200, as
   * `degraded`, naming the projection (its error is in the projector's log and `tcg projections status`).
   * A process that is stopping answers 503 `draining`, so nothing new is sent to it.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const [reports, haltedProjections] = await Promise.all([this.ports.report(), this.haltedProjections()]);
    const up = reports.every((report) => report.state === 'up');
    const ready = up && !this.shutdown.draining;
    for (const { port, adapter, error } of reports) if (error) this.logger.warn({ port, adapter, error }, `port ${port} is down`);
    res.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    const status = !up ? 'unavailable' : this.shutdown.draining ? 'draining' : haltedProjections.length > 0 ? 'degraded' : 'ready';
    return { status, ports: reports.map(({ error: _error, ...report }) => report), haltedProjections };
  }

  /** The live read models only (a failed rebuild's shadow copy serves nothing); empty when they cannot be read: their port then reports down. */
  private async haltedProjections(): Promise<string[]> {
    try {
      const checkpoints = await readCheckpoints(this.db);
      return checkpoints.filter(({ name, state }) => state === 'halted' && !name.endsWith(SHADOW_SUFFIX)).map(({ name }) => name);
    } catch {
      return [];
    }
  }
}
