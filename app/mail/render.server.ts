// A mail template (app/mail/*.tsx) to the subject, HTML and plain text a MailMessage
// carries (docs/decisions/0011): the HTML by React's renderToStaticMarkup, which escapes
// every value, the text by reading the same tree (./plain-text.ts).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Mail, type MailProps } from "./layout";
import { inlineText } from "./plain-text";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function renderMail<P>(template: (props: P) => ReactElement<MailProps>, props: P): RenderedMail {
  const mail = template(props);
  if (mail.type !== Mail) throw new Error("A mail template returns a <Mail>.");
  return {
    subject: mail.props.subject,
    // React writes void elements as XHTML (`<br/>`); mail HTML writes them as HTML does.
    // Only markup can hold it: a `<` typed by anyone is `&lt;` by now.
    html: renderToStaticMarkup(mail).replaceAll("<br/>", "<br>"),
    text: inlineText(mail),
  };
}
