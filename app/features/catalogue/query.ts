/** The one catalogue query, run on server start-up (SSR) and on the client when needed. */
export const catalogueQuery = /* GraphQL */ `
  fragment CatalogueProduct on Product {
    id
    type
    title
    slug
    description
    price
    bestSeller
    sizes {
      id
      title
      price
      litres
      priceSetAt
    }
    images {
      url
      size
    }
    categories {
      id
      title
      slug
    }
  }

  query Catalogue($limit: Int, $sort: String) {
    oil: oils(limit: $limit, sort: $sort) {
      ...CatalogueProduct
    }
    coal: coalCategories(limit: $limit) {
      id
      title
      slug
      icon
      coals(limit: $limit, sort: $sort) {
        ...CatalogueProduct
      }
    }
    woodpellet: woodpellets(limit: $limit, sort: $sort) {
      ...CatalogueProduct
    }
    other: otherProducts(limit: $limit, sort: $sort) {
      ...CatalogueProduct
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

/** -1 means unlimited (SPEC §9). No sort: the shop's own ordering is used. */
export const catalogueVariables = { limit: -1 } as const;

/**
 * Every GraphQL operation the site sends, with the variables it sends them with (server
 * rendering runs them in-process, the browser over GET). A new query belongs here too: the API's
 * tests check that each one stays well inside the API's query limits (api/graphql/limits.ts).
 */
export const siteQueries: readonly {
  name: string;
  query: string;
  variables: Readonly<Record<string, unknown>>;
}[] = [{ name: 'catalogue', query: catalogueQuery, variables: catalogueVariables }];
