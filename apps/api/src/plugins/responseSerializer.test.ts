import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './errorHandler';
import { responseSerializerCompiler } from './responseSerializer';

describe('responseSerializerCompiler', () => {
  const app = Fastify({ logger: false });
  let answer: unknown;
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandler(app);
    const response = z.object({
      id: z.string(),
      total: z.number().int(),
      version: z.string().regex(/^\d+$/),
      rows: z.array(z.object({ name: z.string().nullable() })),
    });
    app.get('/answer', { schema: { response: { 200: response } } }, async () => answer);
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes what the contract names, and drops what it does not (nested too)', async () => {
    answer = { id: 'a', total: 3, version: '12', secret: 'hash', rows: [{ name: null, passwordHash: 'x' }] };
    const reply = await app.inject({ method: 'GET', url: '/answer' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('{"id":"a","total":3,"version":"12","rows":[{"name":null}]}');
  });

  it('answers 500 with the error envelope when a value breaks its schema (a check, a type)', async () => {
    for (const wrong of [
      { id: 'a', total: 1.5, version: '12', rows: [] },
      { id: 'a', total: 1, version: 'v12', rows: [] },
      { id: 'a', total: 1, version: '12', rows: [{ name: 7 }] },
    ]) {
      answer = wrong;
      const reply = await app.inject({ method: 'GET', url: '/answer' });
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toEqual({ message: expect.stringMatching(/^Internal server error \(request .+\)$/) });
    }
  });

  it('refuses a response schema that is not zod when the route is built', async () => {
    const other = Fastify({ logger: false });
    other.setSerializerCompiler(responseSerializerCompiler);
    other.get('/plain', { schema: { response: { 200: { type: 'object', properties: { id: { type: 'string' } } } } } }, async () => ({ id: 'a' }));
    await expect(other.ready()).rejects.toThrow(/must be a zod schema/);
  });
});
