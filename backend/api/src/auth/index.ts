export { AdminOnly, AuthRequired, CurrentUser } from './auth.decorators';
export { AdminGuard, SessionAuthGuard } from './auth.guards';
export { AuthModule } from './auth.module';
export { CSRF_HEADER, CSRF_HEADER_VALUE } from './csrf.guard';
export type { AuthUser } from './users.repository';
