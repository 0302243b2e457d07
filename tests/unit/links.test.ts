import { describe, expect, it } from "vitest";
import { mapsSearchLink, safeRedirectPath, socialLink, whatsappLink, withHttps } from "~/lib/links";

describe("whatsappLink", () => {
  it("keeps digits only and adds Brazil's country code to local numbers", () => {
    expect(whatsappLink("(11) 98765-4321")).toBe("https://wa.me/5511987654321");
    expect(whatsappLink("+55 21 3333-4444")).toBe("https://wa.me/552133334444");
  });
  it("adds a message when given", () => {
    expect(whatsappLink("11987654321", "Olá, Rex!")).toBe("https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Rex!");
  });
  it("gives no link without digits", () => {
    expect(whatsappLink("sem telefone")).toBeNull();
  });
});

describe("mapsSearchLink", () => {
  it("searches the whole address, encoded, in Google Maps' URL API", () => {
    expect(mapsSearchLink("Praça da Sé, São Paulo - SP")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Pra%C3%A7a%20da%20S%C3%A9%2C%20S%C3%A3o%20Paulo%20-%20SP",
    );
  });
  it("gives no link for a blank address", () => {
    expect(mapsSearchLink("  ")).toBeNull();
  });
});

describe("withHttps and socialLink", () => {
  it("adds https when the scheme is missing", () => {
    expect(withHttps("patinhas.org.br")).toBe("https://patinhas.org.br");
    expect(withHttps("http://patinhas.org.br")).toBe("http://patinhas.org.br");
    expect(withHttps("  ")).toBe("");
  });
  it("turns handles into profile links", () => {
    expect(socialLink("instagram", "@patinhas")).toBe("https://instagram.com/patinhas");
    expect(socialLink("facebook", "facebook.com/patinhas")).toBe("https://facebook.com/patinhas");
    expect(socialLink("instagram", "@maria.pets")).toBe("https://instagram.com/maria.pets");
    expect(socialLink("instagram", "maria.pets")).toBe("https://instagram.com/maria.pets");
    expect(socialLink("instagram", "https://www.instagram.com/maria.pets/")).toBe("https://www.instagram.com/maria.pets/");
  });
});

describe("safeRedirectPath", () => {
  it("accepts same-site paths only", () => {
    expect(safeRedirectPath("/dashboard?aba=pets")).toBe("/dashboard?aba=pets");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/entrar")).toBe("/entrar");
  });

  it("refuses control characters browsers would strip into another host", () => {
    expect(safeRedirectPath("/\t/evil.example")).toBe("/");
    expect(safeRedirectPath("/\n/evil.example")).toBe("/");
    expect(safeRedirectPath("/pets\r\nSet-Cookie: x=1")).toBe("/");
    expect(safeRedirectPath("/ /evil.example")).toBe("/");
    expect(safeRedirectPath("/buscar-pets?q=Salem#pet-3")).toBe("/buscar-pets?q=Salem#pet-3");
    expect(safeRedirectPath("/buscar-pets?q=S%C3%A3o%20Paulo")).toBe("/buscar-pets?q=S%C3%A3o%20Paulo");
  });
});
