import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  parse,
  specifiedRules,
  validate,
  type ASTVisitor,
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type Source,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * What one GraphQL request may ask for. The site's own catalogue query (the only one it sends)
 * measures 141 tokens, depth 4, 5 aliases, no directives and cost 11,805, and its answer from the
 * seed catalogue is 10.7 KB: every limit is at least twice that, the response cap about a hundred
 * times (api/test/graphqlLimits.int.test.ts checks the halves for every query in `siteQueries`).
 */
export interface GraphQLLimits {
  /** Lexical tokens in the whole document; the parser stops at the first token over. */
  maxTokens: number;
  /** Nested field levels in one operation (a root field is level 1), fragments expanded. */
  maxDepth: number;
  /** Aliased fields in one operation, counted once per use of the fragment they are in. */
  maxAliases: number;
  /** Directives in one operation (on fields, fragments, the operation...), counted the same way. */
  maxDirectives: number;
  /** The estimated number of fields the answer holds: see `measureDocument`. */
  maxCost: number;
  /** How many items a list field is assumed to hold when a `limit` argument does not say fewer. */
  assumedListSize: number;
  /** The serialised answer, in bytes (UTF-8). Checked by the HTTP route after execution. */
  maxResponseBytes: number;
}

export const graphqlLimits: Readonly<GraphQLLimits> = Object.freeze({
  maxTokens: 1000,
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 10,
  maxCost: 30_000,
  assumedListSize: 10,
  maxResponseBytes: 1024 * 1024,
});

/** What `measureDocument` finds in one operation. */
export interface OperationMeasure {
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
}

/** A count for a message: astronomically large counts (fragments nest) are shown as a bound. */
function formatCount(value: number): string {
  return value > Number.MAX_SAFE_INTEGER
    ? `over ${Number.MAX_SAFE_INTEGER.toLocaleString('en-GB')}`
    : value.toLocaleString('en-GB');
}

/**
 * Parses with a token budget, so a long document costs the parser no more than `maxTokens`
 * tokens' work. An overlong document is refused with a message naming the limit.
 */
export function parseWithLimits(
  source: string | Source,
  limits: Pick<GraphQLLimits, 'maxTokens'> = graphqlLimits,
): DocumentNode {
  try {
    return parse(source, { maxLexicalTokens: limits.maxTokens });
  } catch (error) {
    // graphql 16.15 says "Document contains more that N tokens. Parsing aborted." (sic); the
    // unit tests pin that, so an upgrade that rewords it shows up there.
    if (error instanceof GraphQLError && /tokens\. Parsing aborted\.$/.test(error.message)) {
      throw new GraphQLError(
        `Query has more than ${formatCount(limits.maxTokens)} tokens, the limit. Parsing stopped.`,
        { source: error.source, positions: error.positions },
      );
    }
    throw error;
  }
}

type Counts = OperationMeasure;

const zero: Counts = { depth: 0, aliases: 0, directives: 0, cost: 0 };

/** The field a selection names on `parent`, meta fields included; undefined when unknown. */
function fieldDefinition(
  schema: GraphQLSchema,
  parent: GraphQLNamedType | undefined,
  node: FieldNode,
): GraphQLField<unknown, unknown> | undefined {
  const name = node.name.value;
  if (parent === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  return undefined;
}

/**
 * How many items a list field is taken to return: a literal `limit: n` (n >= 0) caps the
 * assumption; a variable, -1 ("unlimited") or no limit leaves it at `assumedListSize`. A
 * variable's value is unknown at validation time, so the assumption cannot rely on it.
 */
function listSize(node: FieldNode, assumed: number): number {
  const limit = node.arguments?.find((argument) => argument.name.value === 'limit');
  if (limit?.value.kind === Kind.INT) {
    const n = Number(limit.value.value);
    if (n >= 0) return Math.max(1, Math.min(n, assumed));
  }
  return assumed;
}

const countDirectives = (directives: readonly DirectiveNode[] | undefined): number =>
  directives?.length ?? 0;

/**
 * Measures operations of one document. Each fragment is measured once and its figures reused at
 * every spread, so the work stays linear in the document's size even when fragments spread
 * fragments many times over (which is what makes the totals grow geometrically). A fragment
 * cycle (refused by graphql-js's NoFragmentCycles anyway) counts as empty.
 */
class Measurer {
  private readonly fragmentCounts = new Map<string, Counts | 'measuring'>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly assumedListSize: number,
  ) {}

  operation(node: OperationDefinitionNode): OperationMeasure {
    const root = this.schema.getRootType(node.operation) ?? undefined;
    const own =
      countDirectives(node.directives) +
      (node.variableDefinitions ?? []).reduce((n, v) => n + countDirectives(v.directives), 0);
    const counts = this.selectionSet(node.selectionSet, root);
    return { ...counts, directives: counts.directives + own };
  }

  private fragment(name: string): Counts {
    const known = this.fragmentCounts.get(name);
    if (known === 'measuring') return zero;
    if (known) return known;
    const definition = this.fragments.get(name);
    if (!definition) return zero;
    this.fragmentCounts.set(name, 'measuring');
    const type = this.schema.getType(definition.typeCondition.name.value);
    const inner = this.selectionSet(definition.selectionSet, type);
    const counts = {
      ...inner,
      directives: inner.directives + countDirectives(definition.directives),
    };
    this.fragmentCounts.set(name, counts);
    return counts;
  }

  private selectionSet(node: SelectionSetNode, parent: GraphQLNamedType | undefined): Counts {
    const total = { ...zero };
    const add = (counts: Counts) => {
      total.depth = Math.max(total.depth, counts.depth);
      total.aliases += counts.aliases;
      total.directives += counts.directives;
      total.cost += counts.cost;
    };
    for (const selection of node.selections) {
      switch (selection.kind) {
        case Kind.FIELD: {
          const definition = fieldDefinition(this.schema, parent, selection);
          const inner = selection.selectionSet
            ? this.selectionSet(
                selection.selectionSet,
                definition ? getNamedType(definition.type) : undefined,
              )
            : zero;
          const isList = definition !== undefined && isListType(getNullableType(definition.type));
          const items =
            isList && selection.selectionSet ? listSize(selection, this.assumedListSize) : 1;
          add({
            depth: inner.depth + 1,
            aliases: inner.aliases + (selection.alias ? 1 : 0),
            directives: inner.directives + countDirectives(selection.directives),
            cost: 1 + items * inner.cost,
          });
          break;
        }
        case Kind.INLINE_FRAGMENT: {
          const type = selection.typeCondition
            ? this.schema.getType(selection.typeCondition.name.value)
            : parent;
          const inner = this.selectionSet(selection.selectionSet, type ?? undefined);
          add({ ...inner, directives: inner.directives + countDirectives(selection.directives) });
          break;
        }
        case Kind.FRAGMENT_SPREAD: {
          const inner = this.fragment(selection.name.value);
          add({ ...inner, directives: inner.directives + countDirectives(selection.directives) });
          break;
        }
      }
    }
    return total;
  }
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      // The first definition wins; graphql-js's UniqueFragmentNames refuses duplicates.
      if (!fragments.has(definition.name.value)) fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
}

/**
 * Depth, aliases, directives and cost of each operation in `document`, by operation name
 * ("" for an anonymous one).
 *
 * Cost: every field in the answer costs 1, and what is selected under a list of objects counts
 * once per item assumed to be in the list (`assumedListSize`, or a smaller literal `limit`).
 * Lists of scalars cost 1. So `{ oils { sizes { price } } }` costs 1 + 10 * (1 + 10 * 1) = 111.
 */
export function measureDocument(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: Pick<GraphQLLimits, 'assumedListSize'> = graphqlLimits,
): Map<string, OperationMeasure> {
  const measurer = new Measurer(schema, fragmentsOf(document), limits.assumedListSize);
  const result = new Map<string, OperationMeasure>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      result.set(definition.name?.value ?? '', measurer.operation(definition));
    }
  }
  return result;
}

/**
 * A graphql-js validation rule: each operation over a limit gets one error per limit, naming it,
 * e.g. "Query depth 14 exceeds the limit of 10."
 */
export function queryLimitsRule(limits: Readonly<GraphQLLimits> = graphqlLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let measurer: Measurer | undefined;
    return {
      OperationDefinition(node) {
        measurer ??= new Measurer(
          context.getSchema(),
          fragmentsOf(context.getDocument()),
          limits.assumedListSize,
        );
        const measure = measurer.operation(node);
        const checks: [keyof OperationMeasure, string, number][] = [
          ['depth', 'Query depth', limits.maxDepth],
          ['aliases', 'Query alias count', limits.maxAliases],
          ['directives', 'Query directive count', limits.maxDirectives],
          ['cost', 'Query cost', limits.maxCost],
        ];
        for (const [key, label, max] of checks) {
          if (measure[key] > max) {
            context.reportError(
              new GraphQLError(
                `${label} ${formatCount(measure[key])} exceeds the limit of ${formatCount(max)}.`,
                { nodes: node },
              ),
            );
          }
        }
        return false;
      },
    };
  };
}

/**
 * Validation for requests from outside: the limits first, on their own, so an oversized query
 * is refused before graphql-js's own rules (some of which, such as OverlappingFieldsCanBeMerged,
 * do work that grows faster than the document) spend time on it; then the specified rules.
 */
export function validateWithLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: Readonly<GraphQLLimits> = graphqlLimits,
): readonly GraphQLError[] {
  const refused = validate(schema, document, [queryLimitsRule(limits)]);
  if (refused.length > 0) return refused;
  return validate(schema, document, specifiedRules);
}
