CREATE TABLE "server_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"time" timestamp (3) with time zone NOT NULL,
	"level" smallint NOT NULL,
	"instance" text NOT NULL,
	"message" text NOT NULL,
	"line" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_logs_time_idx" ON "server_logs" USING btree ("time","id");