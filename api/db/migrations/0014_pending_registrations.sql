ALTER TABLE "email_verification_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD COLUMN "full_name" text;--> statement-breakpoint
-- A link still open from before this migration belongs to the registration that set the pending
-- account's password (each new registration used up the older links), so it takes that password.
UPDATE "email_verification_tokens" AS t SET "password_hash" = u."password_hash", "full_name" = u."full_name" FROM "users" AS u WHERE t."user_id" = u."id" AND t."purpose" = 'register' AND t."used_at" IS NULL AND u."email_verified_at" IS NULL;--> statement-breakpoint
-- A pending customer account holds no password of its own any more: only a confirmed link gives it one.
UPDATE "users" SET "password_hash" = '!' WHERE "email_verified_at" IS NULL AND "role" = 'customer' AND "deleted_at" IS NULL;
