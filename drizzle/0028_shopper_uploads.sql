ALTER TABLE "media" ADD COLUMN "origin" text DEFAULT 'library' NOT NULL;--> statement-breakpoint
-- Decision 0082: the files shoppers sent with a form so far are the ones their submissions
-- name; they go back to private and out of any library folder an editor put them in.
UPDATE "media" SET "origin" = 'shopper', "access" = 'private', "folder_id" = NULL
WHERE "id" IN (
  SELECT ("file"->>'mediaId')::integer
  FROM "form_submissions", jsonb_array_elements("form_submissions"."files") AS "file"
  WHERE jsonb_typeof("file"->'mediaId') = 'number'
);--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_shopper_uploads_private" CHECK ("media"."origin" <> 'shopper' or "media"."access" = 'private');
