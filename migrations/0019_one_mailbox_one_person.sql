ALTER TABLE `reports` ADD `reporter_network` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mailbox_key` text;--> statement-breakpoint
-- When an existing account confirmed its address is not recorded: it was by now, so its
-- day of waiting starts at this migration (docs/decisions/0035).
UPDATE `users` SET `email_verified_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000 WHERE `email_verified` = 1;--> statement-breakpoint
-- mailboxKey() of app/lib/email-address.ts, in SQL, for the addresses already stored
-- (the app stores them trimmed and lower-cased): the name before the last "@" loses a
-- "+tag" (unless it starts with "+"), and for gmail.com and googlemail.com its dots too
-- (unless nothing would be left), as gmail.com; an address without a name or a domain
-- stays as it is. `at` is the position of the last "@" (rtrim drops every character but "@"
-- from the right). When several accounts share a mailbox, the first confirmed one (then
-- the oldest) takes the key and the others stay NULL: the unique index below holds, and an
-- account without a key never counts toward a hold (docs/decisions/0007).
UPDATE users SET mailbox_key = keyed.key FROM (
  SELECT id, key, row_number() OVER (PARTITION BY key ORDER BY email_verified DESC, created_at, id) AS nth FROM (
    SELECT id, email_verified, created_at,
      CASE
        WHEN at <= 1 OR at = length(value) THEN value
        WHEN domain IN ('gmail.com', 'googlemail.com') THEN coalesce(nullif(replace(name, '.', ''), ''), name) || '@gmail.com'
        ELSE name || '@' || domain
      END AS key
    FROM (
      SELECT id, email_verified, created_at, value, at, substr(value, at + 1) AS domain,
        CASE WHEN instr(substr(value, 1, at - 1), '+') > 1
          THEN substr(value, 1, instr(substr(value, 1, at - 1), '+') - 1)
          ELSE substr(value, 1, at - 1)
        END AS name
      FROM (
        SELECT id, email_verified, created_at, value, length(rtrim(value, replace(value, '@', ''))) AS at
        FROM (SELECT id, email_verified, created_at, lower(trim(email)) AS value FROM users)
      )
    )
  )
) AS keyed
WHERE keyed.id = users.id AND keyed.nth = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `users_mailbox_key_unique` ON `users` (`mailbox_key`);
