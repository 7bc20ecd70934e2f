import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtVerifier } from './jwt-verifier.js';
import type { AuthenticatedUser, Role } from './token-claims.js';

export const ROLES_KEY = 'paycadence:roles';
/** `@Roles('admin')`: only these roles may call the route (checked after the token). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

interface RequestWithUser {
  headers: Record<string, string | string[] | undefined>;
  user?: AuthenticatedUser;
}

export function bearerToken(request: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Requires a valid access token; exposes the user (id, role, assurance level) as `request.user`. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedException('Authentication required');
    try {
      request.user = await this.verifier.verifyAccessToken(token);
    } catch {
      throw new UnauthorizedException('Your session has expired. Please sign in again.');
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles?.length && !roles.includes(request.user.role)) {
      throw new ForbiddenException("You don't have permission to access this page.");
    }
    return true;
  }
}

/** `@CurrentUser() user: AuthenticatedUser` in a guarded handler. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithUser>().user,
);
