import { Injectable } from '@nestjs/common';

/**
 * Set when the process has been told to stop (SIGTERM) and is letting its connections drain: readiness
 * answers 503 so a load balancer sends nothing new, and every answer says `Connection: close`.
 */
@Injectable()
export class ShutdownState {
  draining = false;
}
