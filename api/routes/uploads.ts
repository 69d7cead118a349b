import Router from '@koa/router';
import send from 'koa-send';
import { join } from 'node:path';
import { uploadsDir } from '../paths';
import { uploadedImagesPrefix } from '../services/admin/catalogue';

/**
 * GET /api/uploads/*: product images and other files kept in the repository (never hot-linked),
 * and under /api/uploads/admin/ the images staff uploaded in the back office (DATA_DIR/uploads).
 */
export function uploadsRoutes({ uploadedDir }: { uploadedDir: string }): Router {
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
      const uploaded = path.startsWith(uploadedImagesPrefix);
      await send(ctx, uploaded ? path.slice(uploadedImagesPrefix.length) : path, {
        root: uploaded ? join(uploadedDir, uploadedImagesPrefix) : uploadsDir,
        // Uploaded images are named by their content's hash: they never change.
        maxage: uploaded ? 31_536_000_000 : 86_400_000,
        immutable: uploaded,
      });
    } catch {
      ctx.status = 404;
      ctx.body = { code: 404, message: 'File not found.' };
    }
  });
  return router;
}
