import { execute, GraphQLError, type DocumentNode, type ExecutionResult } from 'graphql';
import { rewriteImageUrl } from '../../domain/images';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';
import type { VersionFeed } from '../../db/versionFeed';
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
  /**
   * The catalogue's version as the database has it now: a read that started after this call
   * (concurrent callers share one), so a change made before the call is always seen.
   */
  version(): Promise<string>;
}

/** Operations the server renders with are parsed and validated once (a bounded memo). */
const maxMemoisedDocuments = 64;

/** The version the database triggers bump on every catalogue write (migration 0001). */
async function currentVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, CATALOGUE_VERSION_KEY));
  return row?.value ?? '0';
}

export const CATALOGUE_VERSION_KEY = 'catalogue.version';

export interface CatalogueOptions {
  uploadsBaseUrl: string;
  /** The version as the database announces it (PGlite): then it is read only until known. */
  versionFeed?: VersionFeed | undefined;
}

export function createCatalogueService(db: Database, options: CatalogueOptions): CatalogueService {
  const feed = options.versionFeed;
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
  // Version reads, shared: a caller joins the read in flight only when none is running yet;
  // otherwise it waits for the next one, which starts once the running read has finished. So
  // under load one read serves many requests, and none is answered from a read that began
  // before it arrived.
  let running: Promise<string> | undefined;
  let next: Promise<string> | undefined;
  const startRead = (): Promise<string> => {
    const announcements = feed?.announcements() ?? 0;
    const read = currentVersion(db);
    if (feed)
      read.then(
        (version) => feed.record(version, announcements),
        () => undefined,
      );
    running = read;
    const clear = () => {
      if (running === read) running = undefined;
    };
    read.then(clear, clear);
    return read;
  };
  const readVersion = (): Promise<string> => {
    const announced = feed?.latest();
    if (announced !== undefined) return Promise.resolve(announced);
    if (!running) return startRead();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return startRead();
      });
    return next;
  };

  // A cache only: every request checks the version (one indexed read, or PGlite's announcement)
  // and reloads when any process, or anyone with SQL access, has changed the catalogue since.
  let cached: { version: string; snapshot: Promise<CatalogueSnapshot> } | undefined;
  const current = async (known?: string): Promise<CatalogueSnapshot> => {
    const version = known ?? (await readVersion());
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
  // Parsed and validated operations by their text (the app sends the same few every render).
  const documents = new Map<string, DocumentNode>();
  const prepare = (query: string): DocumentNode | ExecutionResult => {
    const known = documents.get(query);
    if (known) return known;
    let document: DocumentNode;
    try {
      document = parseWithLimits(query);
    } catch (error) {
      if (error instanceof GraphQLError) return { errors: [error] };
      throw error;
    }
    const errors = validateWithLimits(schema, document);
    if (errors.length > 0) return { errors };
    if (documents.size >= maxMemoisedDocuments) {
      const oldest = documents.keys().next();
      if (!oldest.done) documents.delete(oldest.value);
    }
    documents.set(query, document);
    return document;
  };
  // Answers by catalogue version: the catalogue is the only data behind them, so the same
  // operation on the same version answers the same. Frozen, as every renderer shares them.
  let answersVersion = '';
  const answers = new Map<string, Promise<ExecutionResult>>();
  const answer = async (
    query: string,
    document: DocumentNode,
    variables: Record<string, unknown> | undefined,
  ): Promise<ExecutionResult> => {
    const executeWith = async (contextValue: GraphQLContext) =>
      execute({ schema, document, rootValue, variableValues: variables ?? null, contextValue });
    let version: string;
    let snapshot: CatalogueSnapshot;
    try {
      version = await readVersion();
      snapshot = await current(version);
    } catch {
      // The database failed: the resolvers meet the failure again and answer it in `errors`
      // (with the driver's error as originalError), as without the memo.
      return executeWith(requestContext());
    }
    const run = async () =>
      deepFreeze(await executeWith({ catalogue: () => Promise.resolve(snapshot) }));
    if (cached?.version !== version) return run();
    if (answersVersion !== version) {
      answers.clear();
      answersVersion = version;
    }
    const key = `${JSON.stringify(variables ?? null)}\u0000${query}`;
    const known = answers.get(key);
    if (known) return known;
    const pending = run();
    if (answers.size >= maxMemoisedDocuments * 4) answers.clear();
    answers.set(key, pending);
    // Only answers without errors are kept.
    pending.then(
      (result) => {
        if (result.errors && answers.get(key) === pending) answers.delete(key);
      },
      () => {
        if (answers.get(key) === pending) answers.delete(key);
      },
    );
    return pending;
  };
  return {
    requestContext,
    snapshot: () => current(),
    version: readVersion,
    execute: async (query, variables) => {
      const document = prepare(query);
      if (!('kind' in document)) return document;
      return answer(query, document, variables);
    },
  };
}

/** Freezes a GraphQL answer all the way down (plain objects and arrays only). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
