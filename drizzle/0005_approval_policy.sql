ALTER TABLE `approvals` ADD `required_approvals` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `approvals` ADD `votes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `approvals` ADD `timeout_at` integer;--> statement-breakpoint
ALTER TABLE `approvals` ADD `on_timeout` text;--> statement-breakpoint
ALTER TABLE `approvals` ADD `allow_self_approval` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `runs_created_id_idx` ON `runs` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `runs_status_created_idx` ON `runs` (`status`,`created_at`,`id`);