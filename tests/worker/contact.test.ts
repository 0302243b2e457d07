import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { action } from "~/routes/contato";
import { RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/platform/rate-limit.server";
import { takeToasts } from "~/platform/session.server";
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
    const { data, init } = result as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
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

// docs/decisions/0012-input-bounds-views-and-caching-headers.md
describe("contact form limits", () => {
  async function send(fields: Record<string, string>, ip: string) {
    const { context } = await makeContext();
    const request = formRequest("/contato", fields);
    request.headers.set("CF-Connecting-IP", ip);
    return action({ request, context, params: {} } as never);
  }
  type Refused = {
    data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    init: { status: number; headers: HeadersInit };
  };

  it("takes 3 messages an hour from one sender, then answers 429 keeping what was typed", async () => {
    const sender = { ...valid, email: "repetido@exemplo.com.br" };
    for (let i = 0; i < RATE_LIMITS.contactPerEmail.limit; i++) {
      expect(((await send(sender, `198.51.100.${i + 1}`)) as Response).status).toBe(302);
    }
    const before = await db.$count(contactMessages);
    const refused = (await send({ ...sender, email: " REPETIDO@exemplo.com.br" }, "198.51.100.50")) as unknown as Refused;
    expect(refused.init.status).toBe(429);
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data.result.error[""]).toEqual([RATE_LIMITED_MESSAGE]);
    expect(refused.data.result.initialValue).toMatchObject({ name: "Joana Prado", message: valid.message });
    expect(await db.$count(contactMessages)).toBe(before);
  });

  it("takes at most 20 messages an hour from one address, whatever the sender", async () => {
    const ip = "203.0.113.20";
    for (let i = 0; i < RATE_LIMITS.contactPerIp.limit; i++) {
      expect(((await send({ ...valid, email: `pessoa${i}@exemplo.com.br` }, ip)) as Response).status).toBe(302);
    }
    const before = await db.$count(contactMessages);
    const refused = (await send({ ...valid, email: "nova@exemplo.com.br" }, ip)) as unknown as Refused;
    expect(refused.init.status).toBe(429);
    expect(await db.$count(contactMessages)).toBe(before);
    // Another address still gets through.
    expect(((await send({ ...valid, email: "nova@exemplo.com.br" }, "203.0.113.21")) as Response).status).toBe(302);
  });
});
