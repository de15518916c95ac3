import type { FastifySchema } from 'fastify';
import { API_ROUTE_SCHEMAS, type ApiRoutes, type RouteName, type RouteRow } from '@ute/contract';

type SchemaOf<Row> = { tags: string[] } & (Row extends { readonly params: infer S } ? { params: S } : unknown) &
  (Row extends { readonly query: infer S } ? { querystring: S } : unknown) &
  (Row extends { readonly body: infer S } ? { body: S } : unknown) &
  (Row extends { readonly response: infer S } ? { response: { 200: S } } : unknown) &
  (Row extends { readonly consumes: infer C } ? { consumes: C[] } : unknown);

/** A contract row as Fastify route options: the method, the path and the schemas of routes.ts. */
export interface ContractRouteOptions<N extends RouteName> {
  method: ApiRoutes[N]['method'];
  url: ApiRoutes[N]['path'];
  schema: SchemaOf<ApiRoutes[N]>;
}

/**
 * The method, path and schemas of the contract's row `name`, for `app.route` (the OpenAPI `tags`
 * are the module's). Spread them and add the handler and any option of this route alone; the zod
 * type provider types the handler's request and answer from the row's schemas:
 *
 *   app.route({ ...routeOptions('inviteAdmin', tags), preHandler: mailQuota, handler: (request) => ... });
 */
export function routeOptions<N extends RouteName>(name: N, tags: string[]): ContractRouteOptions<N> {
  const row: RouteRow = API_ROUTE_SCHEMAS[name];
  const schema: FastifySchema & { tags: string[] } = { tags };
  if (row.consumes) schema.consumes = [row.consumes];
  if (row.params) schema.params = row.params;
  if (row.query) schema.querystring = row.query;
  if (row.body) schema.body = row.body;
  if (row.response) schema.response = { 200: row.response };
  return { method: row.method, url: row.path, schema } as ContractRouteOptions<N>;
}
