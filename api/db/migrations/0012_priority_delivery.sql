ALTER TABLE "delivery_calendars" DROP CONSTRAINT "delivery_calendars_capacity";--> statement-breakpoint
ALTER TABLE "delivery_calendars" ADD COLUMN "priority_surcharge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "priority_surcharge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_calendars" ADD CONSTRAINT "delivery_calendars_capacity" CHECK ("delivery_calendars"."daily_capacity" >= 0 and "delivery_calendars"."priority_surcharge" >= 0);