ALTER TABLE "whatsapp_messages" DROP CONSTRAINT "whatsapp_messages_purpose_check";--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "chat_room_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "chat_seq" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_purpose_check" CHECK ("whatsapp_messages"."purpose" is null or "whatsapp_messages"."purpose" in ('code', 'reminder', 'chat'));