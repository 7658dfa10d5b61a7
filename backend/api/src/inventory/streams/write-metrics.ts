import { Injectable } from '@nestjs/common';

/** Counters for the benchmark and logs: how often an append lost the expected-revision race. */
@Injectable()
export class WriteMetrics {
  commands = 0;
  conflictRetries = 0;

  reset(): void {
    this.commands = 0;
    this.conflictRetries = 0;
  }
}
