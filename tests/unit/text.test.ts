import { describe, expect, it } from "vitest";
import { excerpt, foldAccents, pluralize, viewsLabel, waitInWords } from "~/lib/text";
import { petMessageLimitAdvice, takesMessages } from "~/lib/pet-messages";

describe("text helpers", () => {
  it("folds accents and case for matching", () => {
    expect(foldAccents("São Paulo")).toBe("sao paulo");
    expect(foldAccents("Brasília")).toBe("brasilia");
  });
  it("cuts a card's excerpt at a word, with an ellipsis (docs/decisions/0041)", () => {
    expect(excerpt("Curto.", 160)).toBe("Curto.");
    expect(excerpt("Abrigo que acolhe cães e gatos resgatados", 20)).toBe("Abrigo que acolhe…");
    expect(excerpt("Palavraenormesemespacos", 10)).toBe("Palavraeno…");
  });
  it("pluralizes pt-BR counts", () => {
    expect(pluralize(1, "pet", "pets")).toBe("1 pet");
    expect(pluralize(1200, "pet", "pets")).toBe("1.200 pets");
  });
  it("says one view in the singular (docs/decisions/0033: never '1 visualizações')", () => {
    expect(viewsLabel(1)).toBe("1 visualização");
    expect(viewsLabel(0)).toBe("0 visualizações");
    expect(viewsLabel(1234)).toBe("1.234 visualizações");
  });
  it("says a 429's wait in words (docs/decisions/0030)", () => {
    expect(waitInWords(30)).toBe("1 minuto");
    expect(waitInWords(61)).toBe("2 minutos");
    expect(waitInWords(3600)).toBe("1 hora");
  });
});

describe("'Enviar mensagem' rules (docs/decisions/0033 §2)", () => {
  it("every open ad takes messages, a closed one none", () => {
    expect(takesMessages({ closedAs: null })).toBe(true);
    expect(takesMessages({ closedAs: "adotado" })).toBe(false);
  });
  it("the 429 advice says the real wait", () => {
    expect(petMessageLimitAdvice("client", 600)).toBe("Muitas mensagens foram enviadas desta conexão. Tente de novo em 10 minutos.");
    expect(petMessageLimitAdvice("pet", 50_000)).toBe("Este anúncio já recebeu muitas mensagens hoje. Tente de novo amanhã.");
    expect(petMessageLimitAdvice("pet-client", 50_000)).toMatch(/amanhã\.$/);
  });
});
