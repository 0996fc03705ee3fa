CREATE TABLE `approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`node_id` text NOT NULL,
	`kind` text NOT NULL,
	`prompt` text,
	`options` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decision` text,
	`answer` text,
	`comment` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `approvals_status_idx` ON `approvals` (`status`);--> statement-breakpoint
CREATE INDEX `approvals_run_idx` ON `approvals` (`run_id`);--> statement-breakpoint
CREATE TABLE `node_runs` (
	`run_id` text NOT NULL,
	`node_id` text NOT NULL,
	`status` text NOT NULL,
	`attempt` integer DEFAULT 0 NOT NULL,
	`iteration` integer,
	`output` text,
	`error` text,
	`state` text DEFAULT '{}' NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	PRIMARY KEY(`run_id`, `node_id`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `node_runs_status_idx` ON `node_runs` (`status`);--> statement-breakpoint
CREATE TABLE `run_events` (
	`run_id` text NOT NULL,
	`id` integer NOT NULL,
	`type` text NOT NULL,
	`node_id` text,
	`status` text,
	`payload` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`run_id`, `id`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`template_pk` text,
	`template_version` integer,
	`template_json` text NOT NULL,
	`plan_json` text DEFAULT '{}' NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`variables` text DEFAULT '{}' NOT NULL,
	`error` text,
	`state` text DEFAULT '{}' NOT NULL,
	`workspace` text NOT NULL,
	`last_event_id` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`template_pk`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `runs_status_idx` ON `runs` (`status`);--> statement-breakpoint
CREATE INDEX `runs_created_idx` ON `runs` (`created_at`);--> statement-breakpoint
CREATE TABLE `template_versions` (
	`template_pk` text NOT NULL,
	`version` integer NOT NULL,
	`hash` text NOT NULL,
	`json` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`template_pk`, `version`),
	FOREIGN KEY (`template_pk`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`latest_version` integer NOT NULL,
	`latest_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `templates_template_id_idx` ON `templates` (`template_id`);--> statement-breakpoint
CREATE INDEX `templates_updated_idx` ON `templates` (`updated_at`);