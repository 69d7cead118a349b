CREATE TYPE "public"."order_status" AS ENUM('pending_payment', 'paid', 'payment_failed', 'cancelled', 'expired', 'needs_review');--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" integer,
	"type" "product_type" NOT NULL,
	"title" text NOT NULL,
	"size_title" text,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"vat_amount" integer NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text DEFAULT ('FY-' || nextval('order_number_seq')) NOT NULL,
	"status" "order_status" DEFAULT 'pending_payment' NOT NULL,
	"cart_id" uuid,
	"customer_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"instructions" text,
	"domestic_use" boolean DEFAULT false NOT NULL,
	"subtotal" integer NOT NULL,
	"delivery_charge" integer NOT NULL,
	"vat_adjustment" integer DEFAULT 0 NOT NULL,
	"vat_total" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"access_token_hash" text NOT NULL,
	"idempotency_key" text,
	"request_digest" text,
	"provider" text NOT NULL,
	"returned_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_money_non_negative" CHECK ("orders"."subtotal" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" uuid,
	"type" text NOT NULL,
	"amount" integer,
	"currency" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"attempt" integer NOT NULL,
	"provider_session_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"redirect_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"event_id" text,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "litres" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "kilograms" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_idempotency_uq" ON "orders" USING btree ("cart_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_order_attempt_uq" ON "payment_sessions" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_session_uq" ON "payment_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_reference_uq" ON "payment_sessions" USING btree ("provider","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_sessions_reference_uq" ON "test_payment_sessions" USING btree ("reference");--> statement-breakpoint
-- Sizes that name their litres or kilograms ("500 Litres", "40kg bag", "Pallet of 65 bags (975kg)").
UPDATE "product_sizes" SET "litres" = (substring("title" from '([0-9]+)\s*[Ll]itres'))::integer WHERE "litres" IS NULL AND "title" ~ '[0-9]+\s*[Ll]itres';--> statement-breakpoint
UPDATE "product_sizes" SET "kilograms" = (substring("title" from '([0-9]+)\s*kg'))::integer WHERE "kilograms" IS NULL AND "title" ~ '[0-9]+\s*kg';
