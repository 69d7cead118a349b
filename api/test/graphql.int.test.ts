import { eq } from 'drizzle-orm';
import request from 'supertest';
import { products } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const catalogueQuery = /* GraphQL */ `
  query Catalogue($limit: Int, $sort: String) {
    oil: oils(limit: $limit, sort: $sort) {
      id
      title
      price
      sizes {
        id
        title
        price
      }
      images {
        url
        size
      }
    }
    coal: coalCategories(limit: $limit) {
      title
      slug
      icon
      coals(limit: $limit) {
        id
        title
        sizes {
          title
          price
        }
      }
    }
    woodpellet: woodpellets(limit: $limit, sort: $sort) {
      id
      title
      price
      sizes {
        title
        price
      }
    }
    other: otherProducts(limit: $limit, sort: $sort) {
      id
      title
      price
      categories {
        title
      }
    }
    shippingzones: shippingZones(limit: $limit) {
      id
      title
      rate
      minimumOrder
      postcodes
    }
  }
`;

interface CatalogueResponse {
  data: {
    oil: {
      id: string;
      title: string;
      price: number | null;
      sizes: { id: string; title: string; price: number }[];
      images: { url: string; size: string }[];
    }[];
    coal: {
      title: string;
      slug: string;
      icon: string;
      coals: { id: string; title: string; sizes: { title: string; price: number }[] }[];
    }[];
    woodpellet: {
      id: string;
      title: string;
      price: number | null;
      sizes: { title: string; price: number }[];
    }[];
    other: { id: string; title: string; price: number | null; categories: { title: string }[] }[];
    shippingzones: {
      id: string;
      title: string;
      rate: number;
      minimumOrder: number;
      postcodes: string[];
    }[];
  };
  errors?: { message: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function get(query: string, variables: Record<string, unknown> = { limit: -1 }) {
  return request(t.app.callback())
    .get('/api/graphql')
    .query({ query, variables: JSON.stringify(variables) })
    .set('Accept', 'application/graphql-response+json, application/json');
}

describe(`GraphQL catalogue (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('returns all five lists over GET', async () => {
    const res = await get(catalogueQuery);
    expect(res.status).toBe(200);
    const body = res.body as CatalogueResponse;
    expect(body.errors).toBeUndefined();
    const { oil, coal, woodpellet, other, shippingzones } = body.data;
    expect(oil.map((o) => o.title)).toContain('Kerosene Heating Oil');
    const kerosene = oil.find((o) => o.title === 'Kerosene Heating Oil');
    expect(kerosene?.sizes.map((s) => s.title)).toEqual(['300 Litres', '500 Litres', '900 Litres']);
    expect(kerosene?.sizes.every((s) => Number.isInteger(s.price))).toBe(true);
    expect(coal.length).toBe(4);
    expect(woodpellet.length).toBeGreaterThan(0);
    expect(other.map((o) => o.title)).toContain('Hayes Lignite Briquettes');
    expect(
      other.every(
        (o) => o.categories.length > 0 && !o.categories.some((c) => c.title === 'Woodpellets'),
      ),
    ).toBe(true);
    expect(shippingzones.map((z) => z.title).sort()).toEqual(['northern-ireland', 'oil']);
  });

  it('gives each coal category the icon derived from its slug, by ordering then title', async () => {
    const { data } = (await get(catalogueQuery)).body as CatalogueResponse;
    expect(data.coal.map((c) => [c.slug, c.icon])).toEqual([
      ['best-sellers', 'best-sellers'],
      ['coal-and-non-smokeless-fuels', 'open-fire'],
      ['smokeless-fuels', 'smokeless'],
      ['gravity-fed-fuel', 'gravity-fed'],
    ]);
    expect(data.coal.every((c) => c.coals.length > 0)).toBe(true);
  });

  it('serves the real BT districts in the northern-ireland zone and a subset for oil', async () => {
    const { data } = (await get(catalogueQuery)).body as CatalogueResponse;
    const ni = data.shippingzones.find((z) => z.title === 'northern-ireland');
    const oil = data.shippingzones.find((z) => z.title === 'oil');
    expect(ni?.postcodes).toHaveLength(49 + 7 + 12 + 9 + 3);
    expect(ni?.postcodes).toEqual(
      expect.arrayContaining(['bt1', 'bt49', 'bt51', 'bt71', 'bt82', 'bt94']),
    );
    expect(ni?.postcodes).not.toContain('bt50');
    expect(ni?.postcodes).not.toContain('bt95');
    expect(oil?.postcodes.length).toBeGreaterThan(0);
    expect(oil?.postcodes.every((p) => ni?.postcodes.includes(p))).toBe(true);
    expect(oil?.postcodes.every((p) => p === p.toLowerCase())).toBe(true);
  });

  it('rewrites relative image URLs to the API', async () => {
    const { data } = (await get(catalogueQuery)).body as CatalogueResponse;
    const url = data.oil[0]?.images[0]?.url ?? '';
    expect(url).toMatch(/^\/api\/uploads\/products\/.+\.svg$/);
    const image = await request(t.app.callback()).get(url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  it('honours limit and title:desc sort', async () => {
    const query = `query($limit: Int, $sort: String) { other: otherProducts(limit: $limit, sort: $sort) { title } }`;
    const all = (
      (await get(query, { limit: -1, sort: 'title:desc' })).body as CatalogueResponse
    ).data.other.map((o) => o.title);
    expect(all.length).toBeGreaterThan(2);
    expect(all).toEqual([...all].sort((a, b) => b.localeCompare(a, 'en')));
    const two = ((await get(query, { limit: 2, sort: 'title:desc' })).body as CatalogueResponse)
      .data.other;
    expect(two.map((o) => o.title)).toEqual(all.slice(0, 2));
  });

  it('refuses an unknown sort field with a clear error', async () => {
    const res = await get(`query { oils(sort: "colour:desc") { title } }`);
    const body = res.body as CatalogueResponse;
    expect(body.errors?.[0]?.message).toContain('Cannot sort by "colour"');
  });

  it('answers a repeated GET with If-None-Match with 304', async () => {
    const first = await get(catalogueQuery);
    const etag = first.headers.etag as string | undefined;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await get(catalogueQuery).set('If-None-Match', etag ?? '');
    expect(second.status).toBe(304);
    expect(second.text ?? '').toBe('');
    const other = await get(`{ oils { title } }`).set('If-None-Match', etag ?? '');
    expect(other.status).toBe(200);
  });

  it('answers HEAD like GET without the body: same status and headers, ETag included', async () => {
    const head = () =>
      request(t.app.callback())
        .head('/api/graphql')
        .query({ query: catalogueQuery, variables: JSON.stringify({ limit: -1 }) })
        .set('Accept', 'application/graphql-response+json, application/json')
        .set('Accept-Encoding', 'identity');
    const got = await get(catalogueQuery).set('Accept-Encoding', 'identity');
    const headed = await head();
    expect(got.status).toBe(200);
    expect(headed.status).toBe(200);
    expect(headed.text ?? '').toBe('');
    // All headers but those that differ on every request anyway.
    const comparable = (headers: Record<string, string>) => {
      const {
        date: _date,
        'x-request-id': _id,
        'content-security-policy': _nonce,
        ...rest
      } = headers;
      return rest;
    };
    expect(comparable(headed.headers)).toEqual(comparable(got.headers));
    expect(headed.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await head().set('If-None-Match', String(headed.headers.etag));
    expect(again.status).toBe(304);
  });

  it('sees a catalogue change at once: the cache is invalidated by the database', async () => {
    const query = `{ woodpellets { slug title } }`;
    const before = (await get(query)).body as {
      data: { woodpellets: { slug: string; title: string }[] };
    };
    expect(before.data.woodpellets.map((p) => p.title)).toContain('ENplus A1 Wood Pellets');
    await t.db.handle.db
      .update(products)
      .set({ title: 'ENplus A1 Softwood Pellets' })
      .where(eq(products.slug, 'enplus-a1-wood-pellets'));
    const after = (await get(query)).body as {
      data: { woodpellets: { slug: string; title: string }[] };
    };
    expect(after.data.woodpellets.map((p) => p.title)).toContain('ENplus A1 Softwood Pellets');
    await t.db.handle.db
      .update(products)
      .set({ title: 'ENplus A1 Wood Pellets' })
      .where(eq(products.slug, 'enplus-a1-wood-pellets'));
  });

  it('serves POST too', async () => {
    const res = await request(t.app.callback())
      .post('/api/graphql')
      .set('Content-Type', 'application/json')
      .send({ query: '{ woodpellets { title } }' });
    expect(res.status).toBe(200);
    expect(
      (res.body as { data: { woodpellets: unknown[] } }).data.woodpellets.length,
    ).toBeGreaterThan(0);
  });

  it('rejects malformed queries with a 4xx, not a crash', async () => {
    const res = await request(t.app.callback()).get('/api/graphql').query({ query: '{ oils { ' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
