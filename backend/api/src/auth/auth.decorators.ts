import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { AdminGuard, AUTH_MESSAGE, SessionAuthGuard } from './auth.guards';
import type { AuthUser } from './users.repository';

/**
 * The route needs a signed-in user; otherwise 401 `{ code: 'unauthorized', message }`. Pass the text
 * the shopper should read there, e.g. `@AuthRequired(messages.checkout.mustSignIn)`.
 */
export const AuthRequired = (message?: string) => applyDecorators(SetMetadata(AUTH_MESSAGE, message), UseGuards(SessionAuthGuard));

/** The route (or every route of the controller) is for admins: 401 signed out, 403 for customers. */
export const AdminOnly = () => applyDecorators(UseGuards(AdminGuard));

/** The user the AuthRequired or AdminOnly guard let through. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<Request>().authUser;
  if (!user) throw new Error('CurrentUser needs @AuthRequired() or @AdminOnly() on the route');
  return user;
});
