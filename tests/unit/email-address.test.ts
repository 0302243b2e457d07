// The mailbox behind an address, for limits that count a person's inbox
// (docs/decisions/0031-normalised-addresses-and-mail-without-typed-text.md).
import { describe, expect, it } from "vitest";
import { mailboxKey } from "~/lib/email-address";

describe("mailboxKey", () => {
  it("folds case and spaces", () => {
    expect(mailboxKey("  Maria.Silva@Exemplo.com.BR ")).toBe("maria.silva@exemplo.com.br");
  });

  it("drops a plus-tag on any domain", () => {
    expect(mailboxKey("vitima+1@exemplo.com.br")).toBe("vitima@exemplo.com.br");
    expect(mailboxKey("vitima+promo+2@outlook.com")).toBe("vitima@outlook.com");
    expect(mailboxKey("vitima+@uol.com.br")).toBe("vitima@uol.com.br");
  });

  it("ignores dots only for Gmail, where googlemail.com is the same mailbox", () => {
    expect(mailboxKey("v.i.t.i.m.a+2@gmail.com")).toBe("vitima@gmail.com");
    expect(mailboxKey("Vi.Tima@GoogleMail.com")).toBe("vitima@gmail.com");
    expect(mailboxKey("vitima@gmail.com")).toBe(mailboxKey("vi.tima+x@googlemail.com"));
    // Elsewhere a dot is part of the name: maria.silva and mariasilva are two people.
    expect(mailboxKey("maria.silva@exemplo.com.br")).not.toBe(mailboxKey("mariasilva@exemplo.com.br"));
    expect(mailboxKey("maria.silva@hotmail.com")).toBe("maria.silva@hotmail.com");
    // Only those two domains: not look-alikes nor subdomains.
    expect(mailboxKey("a.b@gmail.com.br")).toBe("a.b@gmail.com.br");
    expect(mailboxKey("a.b@mail.gmail.com")).toBe("a.b@mail.gmail.com");
    expect(mailboxKey("a.b@notgmail.com")).toBe("a.b@notgmail.com");
  });

  it("leaves what it cannot read as it is (lower case), never an empty name", () => {
    expect(mailboxKey("+tag@exemplo.com.br")).toBe("+tag@exemplo.com.br");
    expect(mailboxKey("...@gmail.com")).toBe("...@gmail.com");
    expect(mailboxKey("sem-arroba")).toBe("sem-arroba");
    expect(mailboxKey("@exemplo.com.br")).toBe("@exemplo.com.br");
    expect(mailboxKey("a@")).toBe("a@");
  });
});
