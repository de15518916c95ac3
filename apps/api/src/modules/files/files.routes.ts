import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { textSchema } from '@ute/contract';
import { AppError } from '../../lib/errors';
import { FILE_AREAS, SAFE_FILE_NAME, type FileArea } from '../../platform/storage/fileStorage';

const fileParamsSchema = z.object({ file: textSchema('file').max(120) });
const signatureQuerySchema = z.object({ expires: textSchema('expires').max(20).optional(), sig: textSchema('sig').max(128).optional() });

/** Serves uploads: public areas to anyone, private ones (licences, receipts) only with a valid signature. */
export async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [area, { urlPrefix, isPrivate }] of Object.entries(FILE_AREAS) as [FileArea, (typeof FILE_AREAS)[FileArea]][]) {
    app.get(
      `${urlPrefix}/:file`,
      { config: { isPublic: true }, schema: { hide: true, params: fileParamsSchema, querystring: signatureQuerySchema } },
      async (request, reply) => {
        const { file } = request.params;
        if (!SAFE_FILE_NAME.test(file)) throw new AppError('NOT_FOUND', 'File not found');
        if (isPrivate && !app.ctx.files.isSignatureValid(`${urlPrefix}/${file}`, request.query.expires, request.query.sig)) {
          throw new AppError('FORBIDDEN', 'This link is invalid or has expired');
        }
        const stored = await app.ctx.files.read(area, file);
        if (!stored) throw new AppError('NOT_FOUND', 'File not found');
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header('Cache-Control', isPrivate ? 'private, no-store' : 'public, max-age=86400');
        reply.header('Content-Length', stored.size);
        return reply.type(stored.contentType).send(stored.body);
      },
    );
  }
}
