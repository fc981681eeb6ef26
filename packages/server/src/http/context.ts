import type { Locale } from '@dcap/core';

/** Who is calling, established by the auth hook from the `Token` header. */
export interface Actor {
  userId: number;
  username: string;
  name: string;
  nameEn: string | null;
  email: string | null;
  admin: boolean;
  systemAdmin: boolean;
  projectAdmin: boolean;
  sessionId: number;
  currentProjectId: number | null;
  currentRoleId: number | null;
  currentEnv: string | null;
  /**
   * An administrator reset the password: only changing it (and signing out) is allowed until then. Absent on
   * actors the platform builds for itself (first start, demo seeding), which never hold a reset password.
   */
  mustChangePassword?: boolean;
}

/** What a service needs to know about the request, without touching request or reply objects. */
export interface RequestMeta {
  locale: Locale;
  ip: string;
  userAgent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    actor: Actor | null;
  }
}
