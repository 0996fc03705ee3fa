CREATE TABLE `trigger_fires` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trigger_id` text NOT NULL,
	`at` integer NOT NULL,
	`scheduled_for` integer,
	`outcome` text NOT NULL,
	`run_id` text,
	`reason` text,
	`delivery_key` text,
	`pending` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`trigger_id`) REFERENCES `triggers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trigger_fires_trigger_idx` ON `trigger_fires` (`trigger_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `trigger_fires_scheduled_idx` ON `trigger_fires` (`trigger_id`,`scheduled_for`);--> statement-breakpoint
CREATE UNIQUE INDEX `trigger_fires_delivery_idx` ON `trigger_fires` (`trigger_id`,`delivery_key`);--> statement-breakpoint
CREATE INDEX `trigger_fires_pending_idx` ON `trigger_fires` (`at`) WHERE pending = 1;--> statement-breakpoint
CREATE TABLE `triggers` (
	`id` text PRIMARY KEY NOT NULL,
	`template_pk` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`cron` text,
	`timezone` text,
	`misfire` text,
	`overlap` text,
	`auth` text,
	`secret_sealed` text,
	`variables` text DEFAULT '{}' NOT NULL,
	`created_by` text NOT NULL,
	`next_fire_at` integer,
	`queued_for` integer,
	`last_run_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`template_pk`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `triggers_template_idx` ON `triggers` (`template_pk`);--> statement-breakpoint
CREATE INDEX `triggers_next_fire_idx` ON `triggers` (`next_fire_at`);--> statement-breakpoint
ALTER TABLE `runs` ADD `trigger_id` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `trigger_kind` text;--> statement-breakpoint
CREATE INDEX `runs_trigger_idx` ON `runs` (`trigger_id`,`created_at`,`id`);