import {
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import { AUTH_MESSAGES } from '@paycadence/contracts';
import { ACCESS_TOKEN_STRATEGY_NAME } from './access-token.strategy.js';
import { AccountStatusCheck } from './account-status-check.js';
import { bearerToken, type RequestWithHeaders } from './bearer-token.js';
import type { AuthenticatedUser, Role } from './token-claims.js';

export { bearerToken } from './bearer-token.js';

export const ROLES_KEY = 'paycadence:roles';
/** `@Roles('admin')`: only these roles may call the route (checked after the token). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

interface RequestWithUser extends RequestWithHeaders {
  user?: AuthenticatedUser;
}

/**
 * Requires a valid access token (its own module's AccessTokenStrategy, passport-jwt) of a user who is not
 * suspended (AccountStatusCheck; 401 with the suspended message) from a session that was not ended (its `sid`
 * revoked: 401 with the session-expired message); exposes the user (id, role, assurance level)
 * as `request.user`, then applies `@Roles`.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard() {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ACCESS_TOKEN_STRATEGY_NAME) strategyName: string,
    @Inject(AccountStatusCheck) private readonly accountStatus: AccountStatusCheck,
  ) {
    // Without a type, @nestjs/passport's guard authenticates with `defaultStrategy`: this module's strategy.
    super({ defaultStrategy: strategyName });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const { user } = context.switchToHttp().getRequest<RequestWithUser>();
    // After the signature check: an unverified token never costs a status lookup. A signed-out session (its
    // refresh family revoked) ends here at once, on every service, not when its access token expires.
    const [suspended, revoked] = await Promise.all([
      this.accountStatus.isSuspended(user!.id),
      user!.sessionId ? this.accountStatus.isSessionRevoked(user!.sessionId) : false,
    ]);
    if (suspended) throw new UnauthorizedException(AUTH_MESSAGES.suspended);
    if (revoked) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles?.length && !roles.includes(user!.role)) {
      throw new ForbiddenException("You don't have permission to access this page.");
    }
    return true;
  }

  /** Every refusal is a 401: no token at all, or any reason a token fails (the reason stays server-side). */
  override handleRequest<User = AuthenticatedUser>(_error: unknown, user: User | false, _info: unknown, context: ExecutionContext): User {
    if (user) return user;
    if (!bearerToken(context.switchToHttp().getRequest<RequestWithUser>())) throw new UnauthorizedException('Authentication required');
    throw new UnauthorizedException('Your session has expired. Please sign in again.');
  }
}

/** `@CurrentUser() user: AuthenticatedUser` in a guarded handler. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithUser>().user,
);
