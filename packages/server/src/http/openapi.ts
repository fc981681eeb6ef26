import { z } from 'zod';
import type { RegisteredRoute } from './route.js';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

function envelopeOf(data: z.ZodType): Record<string, unknown> {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [0] }, msg: { type: 'string' }, data: jsonSchema(data, 'output') },
  };
}

const FAILURE = {
  description: 'Failure: code equals the HTTP status; msg is a sentence in the request’s language',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'msg', 'data'],
        properties: {
          code: { type: 'integer' },
          msg: { type: 'string' },
          data: { nullable: true },
          errorCode: { type: 'string' },
          errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
        },
      },
    },
  },
};

function parameters(route: RegisteredRoute): unknown[] {
  const list: unknown[] = [];
  for (const [where, schema] of [['query', route.query], ['path', route.params]] as const) {
    if (!schema) continue;
    const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (shape.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

/** The OpenAPI document, generated from the same schemas that validate requests. */
export function buildOpenApi(routes: RegisteredRoute[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      parameters: parameters(route),
      security: route.access === 'public' ? [] : [{ token: [] }],
      'x-access':
        typeof route.access === 'string' ? route.access : 'platform' in route.access ? `platform:${route.access.platform}` : `project:${route.access.project}`,
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: envelopeOf(route.response) } } },
        default: FAILURE,
      },
    };
    if (route.body) {
      const body = route.body;
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(route.consumes.map((type) => [type, { schema: jsonSchema(body, 'input') }])),
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'DCAP electronic data capture API', version },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
    paths,
  };
}
