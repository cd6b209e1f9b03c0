-- Issue 16: mail bodies carry sign-in secrets, so mail_outbox keeps them only sealed with the
-- app's SecretBox (sealed_content, written by the app) and clears them after delivery. SQL
-- cannot seal, so the clear subject and bodies are dropped: mail still waiting when this runs
-- is marked failed (the user asks for a new link); delivered mail keeps its metadata.
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_content" text;--> statement-breakpoint
UPDATE "mail_outbox" SET "status" = 'failed', "last_error" = 'Queued before mail was sealed (migration 0025); not sent, ask for it again.' WHERE "status" IN ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "subject";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "text";
