CREATE TABLE `run_specs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`template_json` text NOT NULL,
	`plan_json` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
