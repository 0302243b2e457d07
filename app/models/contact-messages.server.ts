import type { Database } from "~/context.server";
import { contactMessages } from "~/db/schema";

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  userId?: string | null;
}

export async function createContactMessage(db: Database, input: NewContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId: input.userId ?? null })
    .returning({ id: contactMessages.id });
  return row!;
}
