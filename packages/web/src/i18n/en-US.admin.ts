import type { Shape } from './catalogue';
import type { zhCNAdmin } from './zh-CN.admin';

/** English texts of platform administration: online users, the operation log and caches (spec 000 §2.2) (part of en-US.ts). */
export const enUSAdmin: Shape<typeof zhCNAdmin> = {
  admin: {
    menu: { onlineUser: 'Online users', sysLog: 'Operation log', cache: 'Caches' },
    loadFailed: 'Loading failed',
    online: {
      title: 'Online users',
      search: 'Login name, name or IP',
      you: 'This session',
      signOut: 'Sign out',
      confirm: 'Sign {{name}} ({{username}}) out? Their next action will ask them to sign in again.',
      total: '{{count}} sessions',
      columns: { username: 'Login name', name: 'Name', ip: 'IP address', project: 'Current project', signedInAt: 'Signed in', lastSeenAt: 'Last active', userAgent: 'Browser', actions: 'Actions' },
    },
    sysLog: {
      title: 'Operation log',
      export: 'Export',
      view: 'View',
      detail: 'Log entry #{{id}}',
      oldValue: 'Old value',
      newValue: 'New value',
      values: 'Values',
      projectValues: "A project's old and new values are in that project's audit trail",
      reason: 'Reason',
      total: '{{count}} in all',
      results: { success: 'Success', failure: 'Failure' },
      filters: { user: 'User', action: 'Action', actionPlaceholder: 'e.g. auth.login or auth.*', project: 'Project', result: 'Result', range: 'Time', all: 'All', search: 'Search', reset: 'Reset' },
      columns: { id: 'Sequence', at: 'Time', user: 'User', action: 'Action', result: 'Result', entity: 'Entity', project: 'Project', ip: 'IP address', actions: 'Actions' },
    },
    cache: {
      title: 'Caches',
      intro: "The server remembers recently checked sessions to spare the database a query per call. Clearing loses no data and signs no one out: each session's next call reads the database again.",
      refresh: 'Refresh',
      clear: 'Clear',
      confirm: 'Clear "{{name}}"? It is cleared on every server instance.',
      live: 'In use',
      off: 'Off',
      seconds: '{{count}} s',
      names: { sessions: 'Session cache' },
      descriptions: { sessions: "Signed-in users' sessions and account flags; the database tells every instance to drop one when the session or user changes" },
      columns: { name: 'Cache', description: 'Description', entries: 'Entries', maxEntries: 'Max entries', ttl: 'Kept for', live: 'Status', actions: 'Actions' },
    },
  },
};
