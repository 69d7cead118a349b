import { and, count, desc, eq } from 'drizzle-orm';
import type * as yup from 'yup';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditEntity } from '../../domain/admin';
import type { AdminAuditEntry } from '../../domain/adminApi';
import { BadRequestError } from '../../errors';

/** A transaction (or the database itself) to write in. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The staff member making a change. */
export interface Actor {
  id: string;
  email: string;
}

/** A JSON-safe copy of an entity's state for the audit log (dates become ISO strings). */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** The row a write returned: there always is one (a missing one is a bug, not bad input). */
export function written<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('The database returned no row for a write.');
  return row;
}

/** Adds one audit row, in the caller's transaction. */
export async function audit(
  tx: Tx | Database,
  actor: Actor,
  entity: AuditEntity,
  entityId: string | number,
  action: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    entity,
    entityId: String(entityId),
    action,
    before: snapshot(before),
    after: snapshot(after),
  });
}

export function auditEntryOf(row: typeof auditLog.$inferSelect): AdminAuditEntry {
  return {
    id: row.id,
    actorEmail: row.actorEmail,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function auditEntries(
  db: Database,
  filter: { entity?: string; entityId?: string; page: number; pageSize: number },
): Promise<{ entries: AdminAuditEntry[]; total: number }> {
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { entries: rows.map(auditEntryOf), total: total?.n ?? 0 };
}

/**
 * A body checked against one of the back office's yup schemas (api/domain/admin.ts): the cast
 * value, or 400 with the first message, all of them, and each by field.
 */
export function validated<S extends yup.AnyObjectSchema>(
  schema: S,
  body: unknown,
  options: { partial?: boolean } = {},
): yup.InferType<S> {
  const input =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const used = options.partial
    ? schema.pick(Object.keys(input).filter((k) => k in schema.fields))
    : schema;
  try {
    return used.validateSync(input, { abortEarly: false, stripUnknown: true }) as yup.InferType<S>;
  } catch (error) {
    const issues = (error as yup.ValidationError).inner ?? [];
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) {
      const field = issue.path ?? 'form';
      fieldErrors[field] ??= issue.message;
    }
    const errors = issues.length > 0 ? issues.map((i) => i.message) : [(error as Error).message];
    throw new BadRequestError(errors[0] ?? 'The form is not valid.', {
      errors: [...new Set(errors)],
      extra: { fieldErrors },
    });
  }
}
