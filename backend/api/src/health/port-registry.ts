import { Injectable } from '@nestjs/common';

/** One backing engine behind a port, and how to ask it whether it answers. */
export interface PortStatus {
  port: 'eventStore' | 'readModels' | 'search' | 'jobs' | 'files';
  adapter: string;
  check(): Promise<void>;
}

export interface PortReport {
  port: PortStatus['port'];
  adapter: string;
  state: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2000;

/** Each module registers the adapter it opened; readiness asks all of them. */
@Injectable()
export class PortRegistry {
  private readonly ports: PortStatus[] = [];

  register(status: PortStatus): void {
    this.ports.push(status);
  }

  list(): readonly PortStatus[] {
    return this.ports;
  }

  async report(): Promise<PortReport[]> {
    return Promise.all(this.ports.map((port) => checkOne(port)));
  }
}

async function checkOne(status: PortStatus): Promise<PortReport> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      status.check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { port: status.port, adapter: status.adapter, state: 'up', latencyMs: elapsed(started) };
  } catch (error) {
    return {
      port: status.port,
      adapter: status.adapter,
      state: 'down',
      latencyMs: elapsed(started),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
