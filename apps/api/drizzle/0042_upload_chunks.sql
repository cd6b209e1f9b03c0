-- The chunks of a video upload in progress, each a file in the file store (FILE_STORAGE): any API
-- process takes a chunk or joins them, none keeps one on its own disk (decision 032). Chunks that
-- an earlier version kept under DATA_DIR/upload-work/sessions are not carried over: those uploads
-- show no chunk received and their clients send them again.
CREATE TABLE "donor_upload_chunks" (
	"upload_id" text NOT NULL,
	"chunk_index" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_upload_chunks_upload_id_chunk_index_pk" PRIMARY KEY("upload_id","chunk_index")
);
--> statement-breakpoint
ALTER TABLE "donor_upload_chunks" ADD CONSTRAINT "donor_upload_chunks_upload_id_donor_upload_sessions_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."donor_upload_sessions"("id") ON DELETE cascade ON UPDATE no action;