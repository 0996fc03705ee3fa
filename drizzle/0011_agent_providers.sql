CREATE TABLE `agent_providers` (
	`name` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`command` text,
	`base_url` text,
	`model` text,
	`api_key_secret` text,
	`timeout_ms` integer,
	`is_default` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
