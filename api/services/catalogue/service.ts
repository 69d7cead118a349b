import { execute, GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import { rewriteImageUrl } from '../../domain/images';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';
import { parseWithLimits, validateWithLimits } from '../../graphql/limits';
import { rootValue, schema, type GraphQLContext } from '../../graphql/schema';
import { loadCatalogue, type CatalogueSnapshot } from './repository';

export interface CatalogueService {
  /** A fresh per-request GraphQL context: the catalogue is read at most once per request. */
  requestContext(): GraphQLContext;
  /**
   * Runs a GraphQL operation in-process (server rendering uses this instead of HTTP), under the
   * same limits as /api/graphql: the browser sends these queries over HTTP too.
   */
  execute(query: string, variables?: Record<string, unknown>): Promise<ExecutionResult>;
  /** The current catalogue (cached; one version read per call). Treat it as read-only. */
  snapshot(): Promise<CatalogueSnapshot>;
}

/** The version the database triggers bump on every catalogue write (migration 0001). */
async function currentVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, CATALOGUE_VERSION_KEY));
  return row?.value ?? '0';
}

export const CATALOGUE_VERSION_KEY = 'catalogue.version';

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
  // A cache only: every request checks the version (one indexed read) and reloads when any
  // process, or anyone with SQL access, has changed the catalogue since.
  let cached: { version: string; snapshot: Promise<CatalogueSnapshot> } | undefined;
  const current = async (): Promise<CatalogueSnapshot> => {
    const version = await currentVersion(db);
    if (cached?.version !== version) {
      const snapshot = load();
      cached = { version, snapshot };
      snapshot.catch(() => {
        if (cached?.snapshot === snapshot) cached = undefined;
      });
    }
    return cached.snapshot;
  };
  const requestContext = (): GraphQLContext => {
    let pending: Promise<CatalogueSnapshot> | undefined;
    return { catalogue: () => (pending ??= current()) };
  };
  return {
    requestContext,
    snapshot: current,
    execute: async (query, variables) => {
      let document: DocumentNode;
      try {
        document = parseWithLimits(query);
      } catch (error) {
        if (error instanceof GraphQLError) return { errors: [error] };
        throw error;
      }
      const errors = validateWithLimits(schema, document);
      if (errors.length > 0) return { errors };
      return execute({
        schema,
        document,
        rootValue,
        variableValues: variables ?? null,
        contextValue: requestContext(),
      });
    },
  };
}
