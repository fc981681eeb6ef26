import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every setting the server reads from the environment, validated once at start (the README lists them).
 * A bad value stops the server with a message naming the variable rather than failing later.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_OWNER_URL: z.string().optional(),
  AUDIT_SEAL_KEY: z.string().min(32, 'at least 32 characters').optional(),
  AUDIT_SEAL_DIR: z.string().optional(),
  AUDIT_SEAL_MINUTES: positiveInt(5),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_MAX_HOURS: positiveInt(12),
  LOCKOUT_THRESHOLD: positiveInt(5),
  LOCKOUT_WINDOW_MINUTES: positiveInt(15),
  LOCKOUT_MINUTES: positiveInt(15),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  BODY_LIMIT_BYTES: positiveInt(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  VERSION_NAME: z.string().default('Community'),
  FILING_NUMBER: z.string().default(''),
  DEMO_DATA: flag.default(true),
  PDF_FONT: z.string().optional(),
  PDF_FONT_BOLD: z.string().optional(),
  ODM_SCHEMA: z.string().optional(),
  EXPORT_RETENTION_DAYS: positiveInt(7),
  EXPORT_BATCH_SUBJECTS: positiveInt(200),
  REMOTE_RANDOMISATION_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'an http or https URL' })]).optional(),
  REMOTE_RANDOMISATION_TOKEN: z.string().optional(),
  REMOTE_RANDOMISATION_TIMEOUT_MS: positiveInt(10_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'an http or https URL' }).optional(),
  SMTP_URL: z.union([z.literal(''), z.url({ protocol: /^smtps?$/, message: 'an smtp or smtps URL' })]).optional(),
  SMTP_FROM: z.string().optional(),
  WECHAT_API_URL: z.url({ protocol: /^https?$/, message: 'an http or https URL' }).default('https://api.weixin.qq.com'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_TEMPLATE_ID: z.string().optional(),
  WECHAT_MINIAPP_APP_ID: z.string().optional(),
  WECHAT_MINIAPP_APP_SECRET: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The role that owns the schema and runs migrations; the server then works as DATABASE_URL's role (docs/security.md). */
  databaseOwnerUrl: string | undefined;
  /** Sealing of audit chain heads: key (else a key file in dataDir), where seals are written out, how often. */
  auditSeal: { key: string | undefined; dir: string; intervalMs: number };
  admin: { username: string | undefined; password: string | undefined };
  session: { idleMs: number; maxAgeMs: number };
  lockout: { threshold: number; windowMs: number; durationMs: number };
  loginRateLimitPerMinute: number;
  bodyLimitBytes: number;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  version: { name: string; number: string };
  filingNumber: string;
  /** Seed the demo study on the first start of an empty embedded database. */
  demoData: boolean;
  /** Font files for CRF PDFs (TTF, OTF or TTC) overriding the lookup of modules/crf-pdf/font.ts. */
  pdfFont: { regular: string | undefined; bold: string | undefined };
  /** The CDISC ODM 1.3.2 schema (ODM1-3-2.xsd) an ODM design import is validated against; imports are refused without it. */
  odmSchema: string | undefined;
  /** Exports: days a finished file is kept, subjects written per job step (docs/decisions.md, "Exports"). */
  exports: { retentionDays: number; batchSize: number };
  /**
   * The remote randomisation service of projects with the flag remoteRandomization: its base URL, the bearer
   * token sent with every call and how long a call may take (docs/decisions.md, "Remote randomisation
   * protocol"); null when no service is configured, and such projects cannot randomise.
   */
  remoteRandomisation: { url: string; token: string | undefined; timeoutMs: number } | null;
  /**
   * The address subjects reach the platform at, which questionnaire links sent by e-mail and WeChat begin with
   * (docs/decisions.md "Subject questionnaires"); by default this server on localhost.
   */
  publicUrl: string;
  /**
   * The mail server e-mail messages go through and their sender address (docs/operations.md "Messages");
   * null when none is configured, and e-mail messages then fail with a catalogue error.
   */
  smtp: { url: string; from: string } | null;
  /**
   * WeChat (docs/operations.md "Messages"): the API base, the official account that sends template messages
   * and binds users by OAuth (null when not configured), and the mini-app whose users bind by wx.login.
   */
  wechat: {
    apiUrl: string;
    official: { appId: string; appSecret: string; templateId: string | undefined } | null;
    miniApp: { appId: string; appSecret: string } | null;
  };
}

const MINUTE = 60_000;

export function loadConfig(env: NodeJS.ProcessEnv, versionNumber: string): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL || undefined,
    auditSeal: { key: e.AUDIT_SEAL_KEY, dir: path.resolve(e.AUDIT_SEAL_DIR ?? e.DATA_DIR), intervalMs: e.AUDIT_SEAL_MINUTES * MINUTE },
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    session: { idleMs: e.SESSION_IDLE_MINUTES * MINUTE, maxAgeMs: e.SESSION_MAX_HOURS * 60 * MINUTE },
    lockout: {
      threshold: e.LOCKOUT_THRESHOLD,
      windowMs: e.LOCKOUT_WINDOW_MINUTES * MINUTE,
      durationMs: e.LOCKOUT_MINUTES * MINUTE,
    },
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    version: { name: e.VERSION_NAME, number: versionNumber },
    filingNumber: e.FILING_NUMBER,
    demoData: e.DEMO_DATA,
    pdfFont: { regular: e.PDF_FONT || undefined, bold: e.PDF_FONT_BOLD || undefined },
    odmSchema: e.ODM_SCHEMA ? path.resolve(e.ODM_SCHEMA) : undefined,
    exports: { retentionDays: e.EXPORT_RETENTION_DAYS, batchSize: e.EXPORT_BATCH_SUBJECTS },
    remoteRandomisation: e.REMOTE_RANDOMISATION_URL
      ? { url: e.REMOTE_RANDOMISATION_URL, token: e.REMOTE_RANDOMISATION_TOKEN || undefined, timeoutMs: e.REMOTE_RANDOMISATION_TIMEOUT_MS }
      : null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`).replace(/\/+$/, ''),
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: requiredWith(e.SMTP_FROM, 'SMTP_FROM', 'SMTP_URL') } : null,
    wechat: {
      apiUrl: e.WECHAT_API_URL.replace(/\/+$/, ''),
      official: e.WECHAT_APP_ID
        ? { appId: e.WECHAT_APP_ID, appSecret: requiredWith(e.WECHAT_APP_SECRET, 'WECHAT_APP_SECRET', 'WECHAT_APP_ID'), templateId: e.WECHAT_TEMPLATE_ID || undefined }
        : null,
      miniApp: e.WECHAT_MINIAPP_APP_ID
        ? { appId: e.WECHAT_MINIAPP_APP_ID, appSecret: requiredWith(e.WECHAT_MINIAPP_APP_SECRET, 'WECHAT_MINIAPP_APP_SECRET', 'WECHAT_MINIAPP_APP_ID') }
        : null,
    },
  };
}

/** A setting that must come with another one, refused at start rather than when the first message is sent. */
function requiredWith(value: string | undefined, name: string, other: string): string {
  if (!value) throw new Error(`Invalid configuration: ${name}: required when ${other} is set`);
  return value;
}
