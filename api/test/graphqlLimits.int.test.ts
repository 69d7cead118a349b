import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The one exception to "api/ imports nothing from app/": this test checks that what the site
// sends stays well inside what the API accepts, so it reads the site's own queries.
// eslint-disable-next-line import-x/no-restricted-paths
import { siteQueries } from '../../app/features/catalogue';
import { products } from '../db/schema';
import {
  graphqlLimits,
  measureDocument,
  parseWithLimits,
  validateWithLimits,
  type GraphQLLimits,
} from '../graphql/limits';
import { schema } from '../graphql/schema';
import { createCatalogueService } from '../services/catalogue/service';
import { createTestApp, testConfig, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const accept = 'application/graphql-response+json, application/json';

function get(query: string, variables?: Readonly<Record<string, unknown>>) {
  return request(t.app.callback())
    .get('/api/graphql')
    .query({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) })
    .set('Accept', accept);
}

function head(query: string) {
  return request(t.app.callback()).head('/api/graphql').query({ query }).set('Accept', accept);
}

function post(query: string) {
  return request(t.app.callback())
    .post('/api/graphql')
    .set('Content-Type', 'application/json')
    .set('Accept', accept)
    .send({ query });
}

type GraphQLBody = { data?: unknown; errors?: { message: string }[] };

/** The messages of a refused request, after checking it was refused before executing. */
function refusal(res: request.Response): string[] {
  expect(res.status).toBe(400);
  const body = res.body as GraphQLBody;
  expect(body).not.toHaveProperty('data');
  expect(res.headers.etag).toBeUndefined();
  return (body.errors ?? []).map((error) => error.message);
}

const aliased = (n: number, prefix: string, selection: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}: ${selection}`).join('\n  ');

/**
 * The reproduced attack: 30 aliases at each of three levels, the lower two through fragments,
 * over coalCategories { coals { sizes } }. Unlimited, it ran 6.4 s (GET) and 7.4 s (POST) here
 * and answered 21 MB from the seed catalogue; the answer grows with the cube of the aliases.
 */
const aliasBomb = `query Bomb {
  ${aliased(30, 'c', 'coalCategories { ...C }')}
}
fragment C on CoalCategory {
  ${aliased(30, 'p', 'coals { ...P }')}
}
fragment P on Product {
  ${aliased(30, 's', 'sizes { id title price }')}
}`;

const bombMessages = [
  // 30 + 30 × (30 + 30 × 30): each fragment's aliases count at every use.
  'Query alias count 27,930 exceeds the limit of 15.',
  'Query cost 83,709,030 exceeds the limit of 30,000.',
];

describe(`GraphQL limits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  // Refused in about 30 ms; without the limits each of these requests ran 6–7 s on an idle
  // machine, so on a revert the test fails on its assertions, within this timeout.
  it('refuses the reproduced alias-and-fragment bomb with 400 by GET, HEAD and POST', async () => {
    expect(aliasBomb.length).toBeGreaterThan(2300);
    expect(refusal(await get(aliasBomb))).toEqual(bombMessages);
    expect(refusal(await post(aliasBomb))).toEqual(bombMessages);
    const headed = await head(aliasBomb);
    expect(headed.status).toBe(400);
    expect(headed.headers.etag).toBeUndefined();
    // The same whatever the client accepts (graphql-http answers plain JSON errors with 200).
    const plain = await request(t.app.callback())
      .get('/api/graphql')
      .query({ query: aliasBomb })
      .set('Accept', 'application/json');
    expect(refusal(plain)).toEqual(bombMessages);
    expect(plain.headers['cache-control']).toBe('no-store');
  }, 60_000);

  it('refuses a query deeper than 10 levels', async () => {
    const ofTypes = (n: number): string => (n === 0 ? 'name' : `ofType { ${ofTypes(n - 1)} }`);
    // __schema, types, fields, type, 6 × ofType, name: 11 levels.
    const deep = `{ __schema { types { fields { type { ${ofTypes(6)} } } } } }`;
    expect(refusal(await get(deep))).toEqual(['Query depth 11 exceeds the limit of 10.']);
    // One level less is answered.
    const ok = await get(`{ __schema { types { fields { type { ${ofTypes(5)} } } } } }`);
    expect(ok.status).toBe(200);
  });

  it('refuses more than 15 aliases', async () => {
    const query = (n: number) => `{ ${aliased(n, 'a', 'oils(limit: 1) { id }')} }`;
    expect(refusal(await post(query(16)))).toEqual([
      'Query alias count 16 exceeds the limit of 15.',
    ]);
    expect((await post(query(15))).status).toBe(200);
  });

  it('refuses more than 1,000 tokens before parsing the rest', async () => {
    // 124 operations of 8 tokens (query A0 { oils { id } }) and one, Z, of 7 + fields.length:
    // 1,000 tokens with one field in Z. (Many small operations: a thousand copies of one field
    // would run into graphql-js's own budget for comparing fields instead.)
    const document = (fields: string[]) =>
      [
        ...Array.from({ length: 124 }, (_, i) => `query A${i} { oils { id } }`),
        `query Z { oils { ${fields.join(' ')} } }`,
      ].join('\n');
    const send = (fields: string[]) =>
      request(t.app.callback())
        .get('/api/graphql')
        .query({ query: document(fields), operationName: 'Z' })
        .set('Accept', accept);
    expect(refusal(await send(['id', 'title']))).toEqual([
      'Query has more than 1,000 tokens, the limit. Parsing stopped.',
    ]);
    const atLimit = await send(['id']);
    expect(atLimit.status).toBe(200);
    expect((atLimit.body as GraphQLBody).errors).toBeUndefined();
  });

  it('refuses more than 10 directives', async () => {
    const query = (n: number) => `{ oils { id ${'title @include(if: true) '.repeat(n)}} }`;
    expect(refusal(await post(query(11)))).toEqual([
      'Query directive count 11 exceeds the limit of 10.',
    ]);
    expect((await post(query(10))).status).toBe(200);
  });

  it('refuses a cost over 30,000, counting list fields once per assumed item', async () => {
    // A coal category's products with all their lists: 1 + 10 × (1 + 10 × (31 + 21 + 31)) = 8,311.
    const coals =
      'coalCategories { coals { sizes { id title price } images { url size } categories { id title slug } } }';
    const query = (n: number) => `{ ${aliased(n, 'k', coals)} }`;
    expect(refusal(await get(query(4)))).toEqual([
      'Query cost 33,244 exceeds the limit of 30,000.',
    ]);
    const three = await get(query(3));
    expect(three.status).toBe(200);
    expect((three.body as GraphQLBody).errors).toBeUndefined();
  });

  describe('the response size cap', () => {
    // One oil gets a 100 KB description: within every query limit, n aliases of it answer n × 100 KB.
    const query = (n: number) => `{ ${aliased(n, 'o', 'oils { description }')} }`;
    const kerosene = eq(products.slug, 'kerosene-heating-oil');
    let original = '';
    beforeAll(async () => {
      const [row] = await t.db.handle.db
        .select({ description: products.description })
        .from(products)
        .where(kerosene);
      original = row?.description ?? '';
      await t.db.handle.db
        .update(products)
        .set({ description: 'x'.repeat(100_000) })
        .where(kerosene);
    });
    afterAll(async () => {
      await t.db.handle.db.update(products).set({ description: original }).where(kerosene);
    });

    it('refuses an answer over 1 MiB with 400 { code, message }, by GET, HEAD and POST', async () => {
      const message = expect.stringMatching(
        /^Response size 1,2\d\d,\d\d\d bytes exceeds the limit of 1,048,576 bytes\./,
      );
      for (const res of [await get(query(12)), await post(query(12))]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 400, message });
        expect(res.headers.etag).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const headed = await head(query(12));
      expect(headed.status).toBe(400);
      expect(headed.headers.etag).toBeUndefined();
    });

    it('sends an answer under the cap', async () => {
      const res = await get(query(5));
      expect(res.status).toBe(200);
      expect(Number(res.headers['content-length'] ?? res.text.length)).toBeGreaterThan(500_000);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    });
  });

  describe('the queries the site sends', () => {
    /** Every limit halved: the site's queries must pass these too. */
    const halved: GraphQLLimits = {
      ...graphqlLimits,
      maxTokens: graphqlLimits.maxTokens / 2,
      maxDepth: graphqlLimits.maxDepth / 2,
      maxAliases: graphqlLimits.maxAliases / 2,
      maxDirectives: graphqlLimits.maxDirectives / 2,
      maxCost: graphqlLimits.maxCost / 2,
    };

    it('has queries to check', () => {
      expect(siteQueries.length).toBeGreaterThan(0);
    });

    it.each(siteQueries.map((site) => [site.name, site] as const))(
      '%s stays within half of every limit',
      async (_name, site) => {
        const document = parseWithLimits(site.query, halved);
        expect(validateWithLimits(schema, document, halved)).toEqual([]);
        for (const measure of measureDocument(schema, document).values()) {
          expect(measure.depth).toBeLessThanOrEqual(halved.maxDepth);
          expect(measure.aliases).toBeLessThanOrEqual(halved.maxAliases);
          expect(measure.directives).toBeLessThanOrEqual(halved.maxDirectives);
          expect(measure.cost).toBeLessThanOrEqual(halved.maxCost);
        }
        // As the browser sends it, and its answer well under the response cap.
        const res = await get(site.query, site.variables).set('Accept-Encoding', 'identity');
        expect(res.status).toBe(200);
        expect((res.body as GraphQLBody).errors).toBeUndefined();
        expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(graphqlLimits.maxResponseBytes / 2);
        // As server rendering runs it, in-process.
        const catalogue = createCatalogueService(t.db.handle.db, {
          uploadsBaseUrl: testConfig().uploadsBaseUrl,
        });
        const result = await catalogue.execute(site.query, { ...site.variables });
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual((res.body as GraphQLBody).data);
      },
    );

    it('runs in-process (server rendering) under the same limits', async () => {
      const catalogue = createCatalogueService(t.db.handle.db, {
        uploadsBaseUrl: testConfig().uploadsBaseUrl,
      });
      const result = await catalogue.execute(aliasBomb);
      expect(result.data).toBeUndefined();
      expect(result.errors?.map((error) => error.message)).toEqual(bombMessages);
      const long = await catalogue.execute(`{ oils { ${'id '.repeat(996)}} }`);
      expect(long.errors?.map((error) => error.message)).toEqual([
        'Query has more than 1,000 tokens, the limit. Parsing stopped.',
      ]);
    });
  });
});
