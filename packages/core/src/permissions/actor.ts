/** The flags of spec 000 §1 and §3 that decide platform-level rights. */
export interface PlatformActor {
  admin: boolean;
  systemAdmin: boolean;
  projectAdmin: boolean;
}

/** Spec 000 §6: admin or systemAdmin has all rights. */
export function isPlatformAdmin(actor: PlatformActor): boolean {
  return actor.admin || actor.systemAdmin;
}

export type PlatformAction = 'user.manage' | 'unit.manage' | 'project.create' | 'library.manage' | 'messages.configure' | 'message.manage' | 'platform.administer' | 'article.manage';

const PLATFORM_RIGHTS: Record<PlatformAction, (actor: PlatformActor) => boolean> = {
  'user.manage': isPlatformAdmin,
  'unit.manage': isPlatformAdmin,
  // The standard variable, template, dictionary and derived-field libraries are shared by every project.
  'library.manage': isPlatformAdmin,
  // The system message configuration every project inherits (spec 002 §3; /sys/messageConfig).
  'messages.configure': isPlatformAdmin,
  // The platform's message log (spec 000 §2.2 /sys/messageLog) shows every project's messages.
  'message.manage': isPlatformAdmin,
  // Online users, the operation log and the server's caches (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache).
  'platform.administer': isPlatformAdmin,
  // The platform's bulletins (spec 000 §2.2 /sys/article, §4.5) are shown to every signed-in user.
  'article.manage': isPlatformAdmin,
  // Spec 000 §1: project administrators hold project-level rights, starting with applying for a project.
  'project.create': (actor) => isPlatformAdmin(actor) || actor.projectAdmin,
};

/** Platform-level rights; project-scoped rights arrive with projects and roles. */
export function canOnPlatform(actor: PlatformActor, action: PlatformAction): boolean {
  return PLATFORM_RIGHTS[action](actor);
}
