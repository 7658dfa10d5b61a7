import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PortRegistry } from './port-registry';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly ports: PortRegistry) {}

  /** Liveness: the process answers. Says nothing about the servers behind it. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness: every configured backing service answers; 503 names the one that does not. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const ports = await this.ports.report();
    const ready = ports.every((port) => port.state === 'up');
    res.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ready' : 'unavailable', ports };
  }
}
