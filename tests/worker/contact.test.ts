import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { action } from "~/routes/contato";
import { takeToasts } from "~/services/session.server";
import { formRequest, makeContext } from "./context";
import { db } from "./fixtures";

const valid = {
  name: "Joana Prado",
  email: "  Joana@Exemplo.com.br ",
  subject: "Dúvida",
  message: "Como faço para divulgar um cachorro encontrado?",
};

async function submit(fields: Record<string, string>) {
  const { context } = await makeContext();
  const result = await action({ request: formRequest("/contato", fields), context, params: {} } as never);
  return { result, context };
}

describe("contact form action", () => {
  it("saves a valid message, thanks the sender and redirects", async () => {
    const { result, context } = await submit(valid);
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contato?enviado=1");
    expect(takeToasts(context)[0]?.title).toBe("Mensagem enviada!");

    const [saved] = await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(saved).toMatchObject({
      name: "Joana Prado",
      email: "joana@exemplo.com.br",
      subject: "Dúvida",
      message: valid.message,
    });
  });

  it("answers bad input with 400, Portuguese messages and what was typed", async () => {
    const { result } = await submit({ ...valid, email: "joana-sem-arroba", message: "curta" });
    const { data, init } = result as unknown as { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }; init: { status: number } };
    expect(init.status).toBe(400);
    expect(data.result.error.email).toEqual(["Informe um e-mail válido."]);
    expect(data.result.error.message).toEqual(["A mensagem precisa ter pelo menos 10 caracteres."]);
    expect(data.result.initialValue.name).toBe("Joana Prado");
  });

  it("saves nothing when the honeypot is filled, but answers the same", async () => {
    const before = await db.$count(contactMessages);
    const { result } = await submit({ ...valid, website: "http://spam.example" });
    expect((result as Response).status).toBe(302);
    expect(await db.$count(contactMessages)).toBe(before);
  });
});
