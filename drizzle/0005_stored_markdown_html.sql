ALTER TABLE "blog_posts" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "html_renderer" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "html_renderer" text;