import { describe, expect, it } from "vitest";
import { contactKind, contactLink } from "~/lib/product-contact";
import { socialEntries, socialMediaWith, socialProfileLabel, socialProfileLink, socialProfileUrl } from "~/lib/social";

describe("socialProfileUrl", () => {
  it("takes '@perfil', 'perfil' or the profile's address, as one canonical link", () => {
    for (const typed of [
      "@bomprachorro",
      "bomprachorro",
      " @BomPraChorro ",
      "instagram.com/bomprachorro",
      "https://www.instagram.com/bomprachorro/?igsh=abc",
      "http://m.instagram.com/@bomprachorro",
      "instagr.am/bomprachorro",
    ]) {
      expect(socialProfileUrl("instagram", typed), typed).toBe("https://www.instagram.com/bomprachorro");
    }
    expect(socialProfileUrl("instagram", "@maria.pets_2")).toBe("https://www.instagram.com/maria.pets_2");
    for (const typed of [
      "@bomprachorro",
      "bomprachorro",
      "facebook.com/bomprachorro",
      "https://www.facebook.com/bomprachorro/",
      "fb.com/bomprachorro",
      "https://m.facebook.com/bomprachorro?ref=bookmarks",
    ]) {
      expect(socialProfileUrl("facebook", typed), typed).toBe("https://www.facebook.com/bomprachorro");
    }
    expect(socialProfileUrl("facebook", "https://www.facebook.com/profile.php?id=100064&sk=about")).toBe(
      "https://www.facebook.com/profile.php?id=100064",
    );
    expect(socialProfileUrl("facebook", "facebook.com/people/Bom-Pra-Cão/100064/")).toBe(
      "https://www.facebook.com/people/Bom-Pra-C%C3%A3o/100064",
    );
  });

  it("refuses what is not a profile of that network", () => {
    for (const typed of [
      "minha loja",
      "www.minhaloja.com.br",
      "minhaloja.com.br",
      "https://tiktok.com/@loja",
      "instagram.com",
      "instagram.com/p/Cx1",
      "@",
      "loja!",
      "javascript:alert(1)",
      "a".repeat(31),
    ]) {
      expect(socialProfileUrl("instagram", typed), typed).toBeNull();
    }
    for (const typed of [
      "minha loja",
      "https://www.facebook.com/sharer/sharer.php?u=x",
      "facebook.com/profile.php",
      "instagram.com/loja",
      "facebook.com",
    ]) {
      expect(socialProfileUrl("facebook", typed), typed).toBeNull();
    }
  });

  it("gives the short text back, which gives the same link again", () => {
    expect(socialProfileLabel("instagram", "https://www.instagram.com/bomprachorro")).toBe("@bomprachorro");
    expect(socialProfileLabel("facebook", "https://www.facebook.com/people/Bom-Pra-C%C3%A3o/100064")).toBe(
      "facebook.com/people/Bom-Pra-Cão/100064",
    );
    expect(socialProfileUrl("facebook", "facebook.com/people/Bom-Pra-Cão/100064")).toBe(
      "https://www.facebook.com/people/Bom-Pra-C%C3%A3o/100064",
    );
    // Rows typed before the two fields: a profile is shortened, anything else shown as it is.
    expect(socialProfileLabel("facebook", "fb.com/loja")).toBe("facebook.com/loja");
    expect(socialProfileLabel("instagram", "minha loja")).toBe("minha loja");
  });
});

describe("socialMediaWith and socialEntries", () => {
  it("sets the two networks, keeps the others typed before, and is null when empty", () => {
    expect(socialMediaWith(null, { instagram: "https://www.instagram.com/a", facebook: null })).toEqual({
      instagram: "https://www.instagram.com/a",
    });
    expect(socialMediaWith({ instagram: "@a", tiktok: "@a" }, { instagram: null, facebook: null })).toEqual({ tiktok: "@a" });
    expect(socialMediaWith({ instagram: "@a" }, { instagram: null, facebook: null })).toBeNull();
    expect(socialEntries({ tiktok: "@a", facebook: "f", instagram: "i" }).map(([n]) => n)).toEqual(["instagram", "facebook", "tiktok"]);
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
