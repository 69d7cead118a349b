import { GraphQLError, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  graphqlLimits,
  measureDocument,
  parseWithLimits,
  queryLimitsRule,
  validateWithLimits,
  type GraphQLLimits,
  type OperationMeasure,
} from './limits';
import { schema } from './schema';

const limits: GraphQLLimits = {
  maxTokens: 50,
  maxDepth: 3,
  maxAliases: 2,
  maxDirectives: 2,
  maxCost: 100,
  assumedListSize: 10,
  maxResponseBytes: 1000,
};

function measure(query: string): OperationMeasure {
  const [only, ...others] = measureDocument(schema, parse(query), limits).values();
  if (!only || others.length > 0) throw new Error('Expected one operation.');
  return only;
}

const messages = (query: string, custom: GraphQLLimits = limits) =>
  validateWithLimits(schema, parse(query), custom).map((error) => error.message);

/** Refusals of the limit rule alone (without graphql-js's own rules). */
const refusals = (query: string) =>
  validate(schema, parse(query), [queryLimitsRule(limits)]).map((error) => error.message);

describe('parseWithLimits', () => {
  it('parses a document within the token budget', () => {
    // { oils { id } } is 6 tokens.
    expect(parseWithLimits('{ oils { id } }', { maxTokens: 6 }).definitions).toHaveLength(1);
  });

  it('stops at the first token over the budget, with a message naming the limit', () => {
    let thrown: unknown;
    try {
      parseWithLimits('{ oils { id } }', { maxTokens: 5 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GraphQLError);
    expect((thrown as GraphQLError).message).toBe(
      'Query has more than 5 tokens, the limit. Parsing stopped.',
    );
  });

  it('does not count comments and leaves other syntax errors alone', () => {
    expect(() =>
      parseWithLimits('# a long comment\n{ oils { id } }', { maxTokens: 6 }),
    ).not.toThrow();
    expect(() => parseWithLimits('{ oils { ', { maxTokens: 6 })).toThrow(
      /Syntax Error: Expected Name/,
    );
  });

  it('uses the default budget of 1,000 tokens', () => {
    const fields = (n: number) => `{ oils { ${'id '.repeat(n)}} }`;
    // 5 tokens around the fields: { oils { ... } }
    expect(() => parseWithLimits(fields(995))).not.toThrow();
    expect(() => parseWithLimits(fields(996))).toThrow('more than 1,000 tokens');
  });
});

describe('measureDocument', () => {
  it('counts depth from 1 at the root, through inline fragments and spreads', () => {
    expect(measure('{ oils { id } }').depth).toBe(2);
    expect(
      measure(
        '{ coalCategories { ... on CoalCategory { coals { ...P } } } } fragment P on Product { sizes { id } }',
      ).depth,
    ).toBe(4);
  });

  it('counts list fields of objects once per assumed item, and lists of scalars as one field', () => {
    // oils (1) + 10 × [id (1) + sizes (1 + 10 × price (1))]
    expect(measure('{ oils { id sizes { price } } }').cost).toBe(1 + 10 * (1 + (1 + 10 * 1)));
    // shippingZones (1) + 10 × [title (1) + postcodes (1)]
    expect(measure('{ shippingZones { title postcodes } }').cost).toBe(1 + 10 * 2);
    // product(slug) is not a list: 1 + title
    expect(measure('{ product(slug: "x") { title } }').cost).toBe(2);
  });

  it('lets a literal limit lower the assumed list size, never raise it', () => {
    expect(measure('{ oils(limit: 2) { id } }').cost).toBe(1 + 2);
    expect(measure('{ oils(limit: 0) { id } }').cost).toBe(1 + 1);
    expect(measure('{ oils(limit: 500) { id } }').cost).toBe(1 + 10);
    expect(measure('{ oils(limit: -1) { id } }').cost).toBe(1 + 10);
    expect(measure('query($n: Int) { oils(limit: $n) { id } }').cost).toBe(1 + 10);
  });

  it('counts aliases and directives once per use of the fragment they are in', () => {
    const query = `{
      a: oils { ...F }
      b: oils { ...F @include(if: true) }
    }
    fragment F on Product @skip(if: false) { x: id y: title @include(if: true) }`;
    const measured = measure(query);
    // a, b, and x, y twice
    expect(measured.aliases).toBe(2 + 2 * 2);
    // the spread's @include once, and @skip + @include of the fragment twice
    expect(measured.directives).toBe(1 + 2 * 2);
  });

  it('counts directives on the operation and its variables', () => {
    expect(
      measure('query Q($n: Int @deprecated) @skip(if: true) { oils(limit: $n) { id } }').directives,
    ).toBe(2);
  });

  it('measures each operation of a document on its own', () => {
    const measures = measureDocument(
      schema,
      parse('query A { oils { id } } query B { x: oils { y: id } } fragment F on Product { id }'),
      limits,
    );
    expect(measures.get('A')).toEqual({ depth: 2, aliases: 0, directives: 0, cost: 11 });
    expect(measures.get('B')).toEqual({ depth: 2, aliases: 2, directives: 0, cost: 11 });
  });

  it('measures fragments spread many times over in linear time, with exact totals', () => {
    // F0 spreads F1 twice, F1 spreads F2 twice... : 2^40 uses of F40's alias.
    const depthOfNesting = 40;
    const fragments = Array.from({ length: depthOfNesting }, (_, i) =>
      i === depthOfNesting - 1
        ? `fragment F${i} on Product { a: id }`
        : `fragment F${i} on Product { ...F${i + 1} ... on Product { ...F${i + 1} } }`,
    ).join('\n');
    const measured = measure(`{ oils { ...F0 } } ${fragments}`);
    expect(measured.aliases).toBe(2 ** (depthOfNesting - 1));
    expect(refusals(`{ oils { ...F0 } } ${fragments}`)).toContain(
      `Query alias count ${(2 ** (depthOfNesting - 1)).toLocaleString('en-GB')} exceeds the limit of 2.`,
    );
  });

  it('survives fragment cycles, unknown fragments, fields and types', () => {
    expect(
      measure('{ oils { ...A } } fragment A on Product { ...B } fragment B on Product { ...A id }')
        .depth,
    ).toBe(2);
    expect(measure('{ oils { ...Missing } }').cost).toBe(1);
    expect(measure('{ nope { deeper { id } } }')).toEqual({
      depth: 3,
      aliases: 0,
      directives: 0,
      cost: 3,
    });
    expect(measure('{ oils { ... on Nope { id } } }').depth).toBe(2);
  });

  it('knows the introspection fields', () => {
    // __schema (1) + types (1 + 10 × [name (1) + fields (1 + 10 × name (1))])
    expect(measure('{ __schema { types { name fields { name } } } }').cost).toBe(
      1 + 1 + 10 * (1 + 1 + 10),
    );
    expect(measure('{ __type(name: "Product") { name } }').cost).toBe(2);
  });
});

describe('queryLimitsRule', () => {
  it('accepts a query at every limit', () => {
    // depth 3, 2 aliases, 2 directives, cost [1 + 10 × (1 + (1 + 7 × 1) + 1)] + [1 + 8 × 1] = 100
    const query =
      '{ a: coalCategories { b: coals(limit: 7) { id @include(if: true) } title @skip(if: false) } oils(limit: 8) { id } }';
    expect(measure(query)).toEqual({ depth: 3, aliases: 2, directives: 2, cost: 100 });
    expect(refusals(query)).toEqual([]);
  });

  it('refuses depth over the limit', () => {
    expect(refusals('{ coalCategories(limit: 1) { coals(limit: 1) { sizes { id } } } }')).toEqual([
      'Query depth 4 exceeds the limit of 3.',
    ]);
  });

  it('refuses aliases over the limit', () => {
    expect(refusals('{ a: oils(limit: 1) { b: id c: title } }')).toEqual([
      'Query alias count 3 exceeds the limit of 2.',
    ]);
  });

  it('refuses directives over the limit', () => {
    expect(
      refusals(
        '{ oils(limit: 1) { id @include(if: true) title @include(if: true) slug @skip(if: false) } }',
      ),
    ).toEqual(['Query directive count 3 exceeds the limit of 2.']);
  });

  it('refuses cost over the limit', () => {
    // 1 + 10 × (1 + (1 + 10 × 1)) = 121
    expect(refusals('{ oils { id sizes { id } } }')).toEqual([
      'Query cost 121 exceeds the limit of 100.',
    ]);
  });

  it('names every limit an operation breaks, for each operation', () => {
    expect(
      refusals(
        'query A { a: coalCategories { b: coals { c: sizes { id } } } } query B { oils { id } }',
      ),
    ).toEqual([
      'Query depth 4 exceeds the limit of 3.',
      'Query alias count 3 exceeds the limit of 2.',
      'Query cost 1,111 exceeds the limit of 100.',
    ]);
  });
});

describe('validateWithLimits', () => {
  it('runs graphql-js rules when the limits pass', () => {
    expect(messages('{ oils { colour } }')).toEqual([
      'Cannot query field "colour" on type "Product".',
    ]);
  });

  it('answers only the limits when they fail, before graphql-js rules spend time on the query', () => {
    expect(messages('{ a: oils { b: colour c: colour } }')).toEqual([
      'Query alias count 3 exceeds the limit of 2.',
    ]);
  });

  it('uses the shop limits by default', () => {
    expect(graphqlLimits).toMatchObject({
      maxTokens: 1000,
      maxDepth: 10,
      maxAliases: 15,
      maxDirectives: 10,
      maxCost: 30_000,
      maxResponseBytes: 1024 * 1024,
    });
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: __typename`).join(' ');
    expect(validateWithLimits(schema, parse(`{ ${aliases} }`)).map((e) => e.message)).toEqual([
      'Query alias count 16 exceeds the limit of 15.',
    ]);
  });
});
