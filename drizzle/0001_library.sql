ALTER TABLE `template_versions` ADD `draft` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `templates` ADD `latest_draft` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `templates` ADD `node_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `templates` ADD `task_type` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `templates` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `templates` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `runs_template_idx` ON `runs` (`template_pk`,`created_at`);