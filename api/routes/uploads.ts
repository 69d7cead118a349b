import Router from '@koa/router';
import send from 'koa-send';
import { uploadsDir } from '../paths';

/** GET /api/uploads/*: product images and other files kept in the repository (never hot-linked). */
export function uploadsRoutes(): Router {
  const router = new Router();
  router.get('/uploads/*path', async (ctx) => {
    const raw: unknown = ctx.params.path;
    const path = Array.isArray(raw) ? raw.join('/') : typeof raw === 'string' ? raw : '';
    if (path === '' || path.split('/').some((part) => part.startsWith('.'))) {
      ctx.status = 404;
      ctx.body = { code: 404, message: 'File not found.' };
      return;
    }
    try {
      await send(ctx, path, { root: uploadsDir, maxage: 86_400_000, immutable: false });
    } catch {
      ctx.status = 404;
      ctx.body = { code: 404, message: 'File not found.' };
    }
  });
  return router;
}
