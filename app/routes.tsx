import type { ComponentType } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { messages } from '../api/domain/messages';
import { loadCatalogueSafely, type Catalogue, type CatalogueSource } from './features/catalogue';
import { PageErrorBoundary, RootErrorBoundary, SiteLayout } from './features/layout';
import type { RouteHandle } from './meta';

export interface AppDeps {
  catalogue: CatalogueSource;
}

export interface RootData {
  catalogue: Catalogue;
}

/**
 * Strict path matching: routes are case-sensitive, and a trailing slash (other than "/") is a
 * different path, so `/about/` is a 404 rather than a second copy of `/about`.
 */
export function assertStrictPath(request: Request): void {
  const { pathname } = new URL(request.url);
  if (pathname.length > 1 && pathname.endsWith('/')) {
    throw data(messages.notFound.framework, { status: 404 });
  }
}

function page(
  path: string | undefined,
  lazy: () => Promise<{ default: ComponentType }>,
  handle?: RouteHandle,
): RouteObject {
  const loader = ({ request }: LoaderFunctionArgs) => {
    assertStrictPath(request);
    return null;
  };
  const load = async () => ({ Component: (await lazy()).default });
  return path === undefined
    ? { index: true, loader, lazy: load, handle }
    : { path, caseSensitive: true, loader, lazy: load, handle };
}

export function createRoutes(deps: AppDeps): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: async (): Promise<RootData> => ({
        catalogue: await loadCatalogueSafely(deps.catalogue),
      }),
      // The catalogue changes rarely; navigation does not refetch it.
      shouldRevalidate: () => false,
      Component: SiteLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: 'page',
          ErrorBoundary: PageErrorBoundary,
          children: [
            page(undefined, () => import('./pages/HomePage')),
            {
              path: '*',
              loader: () => {
                throw data(messages.notFound.framework, { status: 404 });
              },
            },
          ],
        },
      ],
    },
  ];
}
