ALTER TABLE "session" ADD COLUMN "two_factor_verified_at" timestamp with time zone;--> statement-breakpoint
-- "Trust this device" is refused (docs/requirements/accounts.md#two-factor-sign-in): forget the devices it remembered.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';
