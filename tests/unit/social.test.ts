import { describe, expect, it } from "vitest";
import { contactKind, contactLink } from "~/lib/product-contact";
import { formatSocialMedia, MAX_SOCIAL_NETWORKS, parseSocialMedia, socialProfileLink } from "~/lib/social";

describe("parseSocialMedia", () => {
  it("turns 'rede: perfil' pairs into a map with lower-case networks", () => {
    expect(parseSocialMedia("Instagram: @petshop, FACEBOOK: facebook.com/petshop")).toEqual({
      instagram: "@petshop",
      facebook: "facebook.com/petshop",
    });
  });

  it("ignores pairs missing a part, and keeps addresses whole", () => {
    expect(parseSocialMedia("instagram:, : @x, tiktok @loja, youtube: https://youtube.com/@loja, , site")).toEqual({
      youtube: "https://youtube.com/@loja",
    });
    expect(parseSocialMedia("https://instagram.com/loja")).toBeNull();
  });

  it("gives null for nothing, and the last value for a repeated network", () => {
    expect(parseSocialMedia("")).toBeNull();
    expect(parseSocialMedia(null)).toBeNull();
    expect(parseSocialMedia("  ,  ,")).toBeNull();
    expect(parseSocialMedia("instagram: @a, Instagram: @b")).toEqual({ instagram: "@b" });
  });

  it("keeps at most a handful of networks", () => {
    const many = Array.from({ length: 20 }, (_, i) => `rede${i}: perfil${i}`).join(", ");
    expect(Object.keys(parseSocialMedia(many)!)).toHaveLength(MAX_SOCIAL_NETWORKS);
  });

  it("round-trips through the edit form's text", () => {
    const map = { instagram: "@loja", facebook: "loja" };
    expect(formatSocialMedia(map)).toBe("instagram: @loja, facebook: loja");
    expect(parseSocialMedia(formatSocialMedia(map))).toEqual(map);
    expect(formatSocialMedia(null)).toBe("");
  });
});

describe("socialProfileLink", () => {
  it("links known networks and addresses, and leaves the rest as text", () => {
    expect(socialProfileLink("instagram", "@loja")).toBe("https://instagram.com/loja");
    expect(socialProfileLink("tiktok", "@loja")).toBe("https://www.tiktok.com/@loja");
    expect(socialProfileLink("kwai", "loja.com.br/perfil")).toBe("https://loja.com.br/perfil");
    expect(socialProfileLink("kwai", "@loja")).toBeNull();
  });
});

describe("contactLink", () => {
  it("opens WhatsApp with the message for a phone, else an e-mail", () => {
    expect(contactKind("(11) 97777-1234")).toBe("phone");
    expect(contactLink("(11) 97777-1234", "Olá!", "Assunto")).toBe("https://wa.me/5511977771234?text=Ol%C3%A1!");
    expect(contactKind("vendas@loja.com.br")).toBe("email");
    expect(contactLink("vendas@loja.com.br", "Olá!", "Ração")).toBe("mailto:vendas@loja.com.br?subject=Ra%C3%A7%C3%A3o&body=Ol%C3%A1!");
    expect(contactKind("na loja")).toBeNull();
    expect(contactKind("123")).toBeNull();
    expect(contactLink("na loja", "Olá!", "x")).toBeNull();
  });
});
