import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { PortRegistry } from './port-registry';

@Global()
@Module({ controllers: [HealthController], providers: [PortRegistry], exports: [PortRegistry] })
export class HealthModule {}
