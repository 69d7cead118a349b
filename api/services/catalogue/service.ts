import type { ExecutionResult } from 'graphql';
import { graphql } from 'graphql';
import { rewriteImageUrl } from '../../domain/images';
import type { Database } from '../../db/client';
import { rootValue, schema, type GraphQLContext } from '../../graphql/schema';
import { loadCatalogue, type CatalogueSnapshot } from './repository';

export interface CatalogueService {
  /** A fresh per-request GraphQL context: the catalogue is read at most once per request. */
  requestContext(): GraphQLContext;
  /** Runs a GraphQL operation in-process (server rendering uses this instead of HTTP). */
  execute(query: string, variables?: Record<string, unknown>): Promise<ExecutionResult>;
}

export function createCatalogueService(
  db: Database,
  options: { uploadsBaseUrl: string },
): CatalogueService {
  const load = async (): Promise<CatalogueSnapshot> => {
    const snapshot = await loadCatalogue(db);
    // Image URLs leave the API already rewritten to the site's public paths (SPEC §7).
    for (const product of snapshot.products) {
      product.images = product.images.map((image) => ({
        ...image,
        url: rewriteImageUrl(image.url, options.uploadsBaseUrl),
      }));
    }
    return snapshot;
  };
  const requestContext = (): GraphQLContext => {
    let pending: Promise<CatalogueSnapshot> | undefined;
    return { catalogue: () => (pending ??= load()) };
  };
  return {
    requestContext,
    execute: (query, variables) =>
      graphql({
        schema,
        rootValue,
        source: query,
        variableValues: variables ?? null,
        contextValue: requestContext(),
      }),
  };
}
