import { defineApiRoutes, type ApiRoutes } from './routes';
import * as contractSchemas from './schemas';

/** The route table with its schemas: what the api registers its routes from (the web reads API_ROUTES). */
export const API_ROUTE_SCHEMAS: ApiRoutes = /* @__PURE__ */ defineApiRoutes(contractSchemas);
