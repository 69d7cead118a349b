ALTER TABLE "orders" ADD COLUMN "tank_location" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tank_access" text;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "price_set_at" timestamp with time zone DEFAULT now() NOT NULL;