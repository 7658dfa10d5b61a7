import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Database } from '@tcg/projections';
import type { Request } from 'express';
import { DATABASE } from '../database/database.module';
import { ApiError } from '../web/api-exception.filter';
import { authMessages } from './auth.messages';
import './auth.types';
import { AuthUser, findUser, isAdmin } from './users.repository';

export const AUTH_MESSAGE = Symbol('AUTH_MESSAGE');

/** The signed-in user of this request, or null (no session, or its user no longer exists). */
export async function sessionUser(db: Database, req: Request): Promise<AuthUser | null> {
  const userId = req.session?.userId;
  return userId ? findUser(db, userId) : null;
}

async function requireUser(db: Database, reflector: Reflector, context: ExecutionContext): Promise<AuthUser> {
  const req = context.switchToHttp().getRequest<Request>();
  const user = await sessionUser(db, req);
  if (!user) {
    const message = reflector.getAllAndOverride<string | undefined>(AUTH_MESSAGE, [context.getHandler(), context.getClass()]);
    throw new ApiError(401, 'unauthorized', message ?? authMessages.signInRequired);
  }
  req.authUser = user;
  return user;
}

/** 401 unless someone is signed in. Depends only on the global DATABASE, so any feature module can use it. */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(@Inject(DATABASE) private readonly db: Database, private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await requireUser(this.db, this.reflector, context);
    return true;
  }
}

/** 401 when signed out, 403 unless the user has an `admins` row with role 'admin', read on every request. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(DATABASE) private readonly db: Database, private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = await requireUser(this.db, this.reflector, context);
    if (!(await isAdmin(this.db, user.id))) throw new ApiError(403, 'forbidden', authMessages.adminOnly);
    return true;
  }
}
