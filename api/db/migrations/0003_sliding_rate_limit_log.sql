CREATE TABLE "rate_limit_log" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_allowed" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_log_expires_idx" ON "rate_limit_log" USING btree ("expires_at");