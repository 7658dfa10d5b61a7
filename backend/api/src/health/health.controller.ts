import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Database, type EventStore, projectionNames, readCheckpoints } from '@tcg/projections';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { LOGGER, type Logger } from '../logging/logger';
import { PortRegistry } from './port-registry';
import { ShutdownState } from './shutdown-state';

/** A projection whose oldest unapplied event is older than this has no projector applying it. */
export const STALLED_AFTER_MS = 60_000;

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly ports: PortRegistry,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly shutdown: ShutdownState,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
   * So is a stalled one, whose oldest unapplied event is over a minute old: no projector is running, or
   * none gets through, and shoppers see stock, orders and searches of that minute.
   * A process that is stopping answers 503 `draining`, so nothing new is sent to it.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const [reports, { haltedProjections, stalledProjections }] = await Promise.all([this.ports.report(), this.projections()]);
    const up = reports.every((report) => report.state === 'up');
    const ready = up && !this.shutdown.draining;
    for (const { port, adapter, error } of reports) if (error) this.logger.warn({ port, adapter, error }, `port ${port} is down`);
    res.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    const degraded = haltedProjections.length > 0 || stalledProjections.length > 0;
    const status = !up ? 'unavailable' : this.shutdown.draining ? 'draining' : degraded ? 'degraded' : 'ready';
    return { status, ports: reports.map(({ error: _error, ...report }) => report), haltedProjections, stalledProjections };
  }

  /**
   * The live read models this shop runs only: not a failed rebuild's shadow copy, which serves nothing, nor
   * the checkpoint of a projection it is not configured for (CLI QA: a failed `replay search-opensearch`
   * left one that made every shop without OpenSearch `degraded`). None when they cannot be read: their port
   * then reports down.
   */
  private async projections(): Promise<{ haltedProjections: string[]; stalledProjections: string[] }> {
    try {
      const ours = new Set(projectionNames({ openSearch: this.config.openSearchUrl !== undefined }));
      const live = (await readCheckpoints(this.db)).filter(({ name }) => ours.has(name));
      const running = live.filter(({ state }) => state === 'running');
      const backlogs = await Promise.all(running.map(({ position }) => this.store.behind(position, 1)));
      const now = Date.now();
      return {
        haltedProjections: live.filter(({ state }) => state === 'halted').map(({ name }) => name),
        stalledProjections: running.filter((_, at) => now - (backlogs[at].oldestAt?.getTime() ?? now) > STALLED_AFTER_MS).map(({ name }) => name),
      };
    } catch {
      return { haltedProjections: [], stalledProjections: [] };
    }
  }
}
