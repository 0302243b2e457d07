CREATE TABLE `pet_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`sender_name` text NOT NULL,
	`sender_email` text,
	`sender_phone` text,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pet_messages_pet_id_idx` ON `pet_messages` (`pet_id`,`id`);