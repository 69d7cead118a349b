CREATE TABLE "delivery_bookings" (
	"order_id" uuid NOT NULL,
	"zone_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_bookings_order_id_zone_id_pk" PRIMARY KEY("order_id","zone_id"),
	CONSTRAINT "delivery_bookings_amount" CHECK ("delivery_bookings"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_calendars" (
	"zone_id" integer PRIMARY KEY NOT NULL,
	"weekdays" text[] NOT NULL,
	"cutoff" text NOT NULL,
	"lead_days" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"daily_capacity" integer NOT NULL,
	"closed_on_bank_holidays" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_calendars_capacity" CHECK ("delivery_calendars"."daily_capacity" >= 0),
	CONSTRAINT "delivery_calendars_days" CHECK ("delivery_calendars"."lead_days" between 1 and 366 and "delivery_calendars"."horizon_days" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "delivery_days" (
	"zone_id" integer NOT NULL,
	"day" date NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "delivery_days_zone_id_day_pk" PRIMARY KEY("zone_id","day"),
	CONSTRAINT "delivery_days_room" CHECK ("delivery_days"."booked" >= 0 and "delivery_days"."capacity" >= 0 and "delivery_days"."booked" <= "delivery_days"."capacity")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_day" date;--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_day_fk" FOREIGN KEY ("zone_id","day") REFERENCES "public"."delivery_days"("zone_id","day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_calendars" ADD CONSTRAINT "delivery_calendars_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_days" ADD CONSTRAINT "delivery_days_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_bookings_day_idx" ON "delivery_bookings" USING btree ("zone_id","day");