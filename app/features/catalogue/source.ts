import { isPageDataError } from '../../../api/domain/pageData';
import type { GraphQLExecutor } from '../../../api/domain/ssr';
import { catalogueQuery, catalogueVariables } from './query';
import { emptyCatalogue, type Catalogue } from './types';

/** Where the catalogue comes from: in-process on the server, /api/graphql in the browser. */
export type CatalogueSource = () => Promise<Catalogue>;

/** Server rendering: the API hands the app an in-process GraphQL executor. */
export function executorCatalogueSource(execute: GraphQLExecutor): CatalogueSource {
  return async () => {
    const result = await execute(catalogueQuery, { ...catalogueVariables });
    if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('; '));
    return result.data as Catalogue;
  };
}

/**
 * The browser: graphql-request over GET, so the answer can be revalidated with its ETag. The
 * first page's catalogue arrives with the HTML, so the client library loads only when needed.
 */
export function httpCatalogueSource(endpoint: string): CatalogueSource {
  return async () => {
    const { GraphQLClient } = await import('graphql-request');
    const client = new GraphQLClient(endpoint, { method: 'GET' });
    return client.request<Catalogue>(catalogueQuery, { ...catalogueVariables });
  };
}

/** A source that answers first with data the page already has (the server-rendered catalogue). */
export function seededCatalogueSource(
  seed: Catalogue | undefined,
  fallback: CatalogueSource,
): CatalogueSource {
  let first = seed;
  return async () => {
    if (first) {
      const data = first;
      first = undefined;
      return data;
    }
    return fallback();
  };
}

/**
 * SPEC §8: a product fetch failure is only logged, and the lists stay empty. Not when the server
 * could not read its database (a PageDataError, see api/domain/pageData.ts): that is rethrown, as
 * the page must be the error page rather than an empty shop (the server logs it).
 */
export async function loadCatalogueSafely(source: CatalogueSource): Promise<Catalogue> {
  try {
    return await source();
  } catch (error) {
    if (isPageDataError(error)) throw error;
    console.error('Could not load the catalogue', error);
    return emptyCatalogue;
  }
}
