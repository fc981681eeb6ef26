import type { FastifyInstance } from 'fastify';

/**
 * Security headers (ARCHITECTURE §9), fixed strings computed once. Every response gets the transport and
 * sniffing protections; only pages get the content security policy, which means nothing on JSON. No API
 * response may be kept by a browser or proxy cache: they carry personal and clinical data and tokens.
 */
const ALL_RESPONSES: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-permitted-cross-domain-policies': 'none',
  'x-dns-prefetch-control': 'off',
};

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its theme as inline style elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const API_RESPONSES: Record<string, string> = { ...ALL_RESPONSES, 'cache-control': 'no-store' };
const PAGES: Record<string, string> = { ...ALL_RESPONSES, 'content-security-policy': CONTENT_SECURITY_POLICY };

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(request.url.startsWith('/dcap/') ? API_RESPONSES : PAGES);
    done(null, payload);
  });
}
