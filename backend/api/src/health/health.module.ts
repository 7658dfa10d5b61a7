import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { PortRegistry } from './port-registry';
import { ShutdownState } from './shutdown-state';

@Global()
@Module({ controllers: [HealthController], providers: [PortRegistry, ShutdownState], exports: [PortRegistry, ShutdownState] })
export class HealthModule {}
