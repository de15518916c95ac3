import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every response is read through its contract schema (a field the contract does not name is dropped,
 * so nothing leaks that a route did not declare; a value of the wrong type is a 500), then written as
 * JSON. It is parsed, where fastify-type-provider-zod's serializer encodes: the contract has no
 * codecs, so both give the same output, but zod's encode runs every value that has checks twice (a
 * pass without its checks first): 15 → 5 µs for a page of 10 utes, ten times that at 100 rows.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
