// Every mail is a template in app/mail, its HTML rendered by React and its plain text read
// from the same tree (docs/decisions/0011). These hold what a template must never lose:
// whatever anyone typed is escaped in the HTML and kept as typed in the text; and the
// blocks read as text the way the mails have always read.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ReactElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { AccountDeletedMail } from "~/mail/account-deleted";
import { AccountDeletionLinkMail } from "~/mail/account-deletion-link";
import { AccountReactivatedMail } from "~/mail/account-reactivated";
import { AccountSuspendedMail } from "~/mail/account-suspended";
import { AdInboxSummaryMail } from "~/mail/ad-inbox-summary";
import { AdReminderMail } from "~/mail/ad-reminder";
import { AlertConfirmationMail } from "~/mail/alert-confirmation";
import { AlertDigestMail } from "~/mail/alert-digest";
import { EmailChangeRequestedMail } from "~/mail/email-change-requested";
import { EmailChangedMail } from "~/mail/email-changed";
import { EmailConfirmationMail } from "~/mail/email-confirmation";
import { InstantAlertMail } from "~/mail/instant-alert";
import { ItemDecisionMail } from "~/mail/item-decision";
import { ItemHeldMail } from "~/mail/item-held";
import { Item, Lines, Link, List, Mail, type MailProps, MultilineText, Paragraph } from "~/mail/layout";
import { PasswordResetMail } from "~/mail/password-reset";
import { PetMatchMail } from "~/mail/pet-match";
import { PetMessageMail } from "~/mail/pet-message";
import { PetMessageNoticeMail } from "~/mail/pet-message-notice";
import { PosterMatchMail } from "~/mail/poster-match";
import { renderMail } from "~/mail/render.server";
import { SightingMail } from "~/mail/sighting";

// What a stranger could type into a name, a title, a message or a reason.
const TYPED = `<script>alert("x")</script> & 'y'`;
const ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;";
const LINK = "https://patas.example/pet/1";
const pet = (status: string) => ({ name: TYPED, type: "cachorro", status, gender: null, location: TYPED, href: LINK });

// One render per template, every typed value hostile. A template file left out of this
// list fails the test below.
const SAMPLES: Record<string, () => ReturnType<typeof renderMail>> = {
  "account-deleted": () => renderMail(AccountDeletedMail, { name: TYPED, contactEmail: "contato@patas.example" }),
  "account-deletion-link": () => renderMail(AccountDeletionLinkMail, { link: LINK }),
  "account-reactivated": () => renderMail(AccountReactivatedMail, {}),
  "account-suspended": () => renderMail(AccountSuspendedMail, { reason: TYPED, contactEmail: "contato@patas.example" }),
  "ad-inbox-summary": () =>
    renderMail(AdInboxSummaryMail, { inbox: "sightings", petTitle: TYPED, lostPet: true, more: 2, mailedPerDay: 3, link: LINK }),
  "ad-reminder": () =>
    renderMail(AdReminderMail, { ownerName: TYPED, petTitle: TYPED, leavesOn: "30/11/2026", page: LINK, renew: LINK, close: LINK }),
  "alert-confirmation": () => renderMail(AlertConfirmationMail, { description: TYPED, link: LINK }),
  "alert-digest": () => renderMail(AlertDigestMail, { description: TYPED, pets: [pet("perdido")], searchLink: LINK, unsubscribe: LINK }),
  "email-change-requested": () => renderMail(EmailChangeRequestedMail, { newEmail: TYPED }),
  "email-changed": () => renderMail(EmailChangedMail, { newEmail: TYPED }),
  "email-confirmation": () => renderMail(EmailConfirmationMail, { name: TYPED, link: LINK }),
  "instant-alert": () =>
    renderMail(InstantAlertMail, { description: TYPED, pet: pet("perdido"), perDay: 3, searchLink: LINK, unsubscribe: LINK }),
  "item-decision": () =>
    renderMail(ItemDecisionMail, { item: { kind: "pet", title: TYPED }, decision: "remove", reason: TYPED, link: LINK }),
  "item-held": () => renderMail(ItemHeldMail, { item: { kind: "pet", title: TYPED }, link: LINK }),
  "password-reset": () => renderMail(PasswordResetMail, { link: LINK }),
  "pet-match": () => renderMail(PetMatchMail, { ownerName: TYPED, petName: TYPED, petLink: LINK, newPet: pet("encontrado"), perDay: 3 }),
  "pet-message": () =>
    renderMail(PetMessageMail, {
      kind: "message",
      petTitle: TYPED,
      lostPet: true,
      senderName: TYPED,
      senderEmail: TYPED,
      senderPhone: TYPED,
      message: `${TYPED}\n${TYPED}`,
      link: LINK,
    }),
  "pet-message-notice": () => renderMail(PetMessageNoticeMail, { kind: "adoption", link: LINK }),
  "poster-match": () => renderMail(PosterMatchMail, { ownerName: TYPED, pet: pet("perdido"), others: [pet("encontrado")], perDay: 3 }),
  sighting: () =>
    renderMail(SightingMail, {
      petTitle: TYPED,
      place: TYPED,
      when: "hoje",
      notes: `${TYPED}\n${TYPED}`,
      contact: TYPED,
      hasPhoto: true,
      link: LINK,
    }),
};

// The building blocks and shared pieces, not mails of their own.
const NOT_MAILS = new Set(["layout.tsx", "alert-parts.tsx"]);

describe("mail templates", () => {
  it("every template in app/mail is rendered here", () => {
    const templates = readdirSync(join(process.cwd(), "app/mail"))
      .filter((name) => name.endsWith(".tsx") && !NOT_MAILS.has(name))
      .map((name) => name.replace(/\.tsx$/, ""));
    expect(templates.sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  // The mails that quote nothing typed (links and our own words only) cannot show it.
  const QUOTING = Object.keys(SAMPLES).filter(
    (name) => !["account-deletion-link", "account-reactivated", "password-reset", "pet-message-notice"].includes(name),
  );

  it.each(QUOTING)("%s escapes what was typed in the HTML and keeps it as typed in the text", (name) => {
    const mail = SAMPLES[name]!();
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain(ESCAPED);
    expect(mail.text).toContain(TYPED);
    expect(mail.subject.length).toBeGreaterThan(0);
  });

  it("typed line breaks are <br> in the HTML and line breaks in the text", () => {
    const mail = SAMPLES["pet-message"]!();
    expect(mail.html).toContain(`${ESCAPED} &#x27;y&#x27;<br>${ESCAPED}`);
    expect(mail.text).toContain(`${TYPED}\n${TYPED}`);
  });
});

// A block with its props, children included (createElement's children argument does not
// type-check against props that require them).
const block = <P extends object>(type: (props: P) => ReactNode, props: P & { key?: number }) => createElement(type, props);
const Sample = ({ children }: { children: ReactNode }): ReactElement<MailProps> => block(Mail, { subject: "Assunto", children });
const render = (...blocks: ReactNode[]) => renderMail(Sample, { children: blocks });

describe("the blocks' plain text", () => {
  it("parts blocks by a blank line, and Lines and List by a line break; an empty block is left out", () => {
    const mail = render(
      block(Paragraph, { key: 1, children: ["Um ", createElement("strong", { key: 0 }, "dois"), "."] }),
      null,
      block(Lines, { key: 2, children: [block(Paragraph, { key: 0, children: "três" }), block(List, { key: 1, children: [] })] }),
      block(List, {
        key: 3,
        children: [block(Item, { key: 0, children: "a" }), block(Item, { key: 1, text: "b (texto)", children: "b" })],
      }),
    );
    expect(mail.subject).toBe("Assunto");
    expect(mail.text).toBe("Um dois.\n\ntrês\n\na\nb (texto)");
    expect(mail.html).toBe("<p>Um <strong>dois</strong>.</p><p>três</p><ul></ul><ul><li>a</li><li>b</li></ul>");
  });

  it("reads a link as 'label: address', and a paragraph by its own text when it has one", () => {
    const mail = render(
      block(Paragraph, { key: 1, children: block(Link, { href: LINK, children: "Ver o anúncio" }) }),
      block(Paragraph, { key: 2, children: block(Link, { href: LINK, textLabel: "Veja o anúncio", children: "Ver o anúncio" }) }),
      block(Paragraph, { key: 3, text: `Abra o link:\n${LINK}`, children: createElement("a", { href: LINK }, "abra esta página") }),
    );
    expect(mail.text).toBe(`Ver o anúncio: ${LINK}\n\nVeja o anúncio: ${LINK}\n\nAbra o link:\n${LINK}`);
  });

  it("writes typed line breaks as <br>, as HTML writes void elements", () => {
    const mail = render(block(Paragraph, { key: 1, children: block(MultilineText, { text: "um\n\ndois" }) }));
    expect(mail.html).toBe("<p>um<br><br>dois</p>");
    expect(mail.text).toBe("um\n\ndois");
  });
});
