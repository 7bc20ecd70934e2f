import { Injectable } from '@nestjs/common';
import { UsersService } from '../users/users.service.js';
import type { SessionUser, SessionUserLookup } from './session.service.js';

@Injectable()
export class UsersSessionLookup implements SessionUserLookup {
  constructor(private readonly users: UsersService) {}

  async sessionUser(userId: string): Promise<SessionUser | null> {
    const user = await this.users.findById(userId);
    return user ? { id: user.id, email: user.email, role: user.role, status: user.status } : null;
  }
}
