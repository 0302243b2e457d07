import { Link } from "react-router";
import { Logo } from "./logo";

export const CONTACT_PHONE = "(11) 4002-8922";
export const CONTACT_EMAIL = "contato@patasconectadas.com.br";

const LINKS = [
  { to: "/", label: "Início" },
  { to: "/quem-somos", label: "Quem Somos" },
  { to: "/links-uteis", label: "Links Úteis" },
  { to: "/cadastrar-pet", label: "Cadastrar Pet" },
  { to: "/anunciar", label: "Anunciar" },
];

const SOCIAL = [
  { href: "https://instagram.com/patasconectadas", label: "Instagram", icon: "icon-instagram" },
  { href: "https://facebook.com/patasconectadas", label: "Facebook", icon: "icon-facebook" },
  { href: "https://youtube.com/@patasconectadas", label: "YouTube", icon: "icon-youtube" },
];

const FOOTER_LINK = "flex min-h-11 items-center text-slate-600 hover:text-brand-700";

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="mt-16 border-t print:hidden border-slate-200 bg-slate-50">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-3">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">
            Conectando corações e patas: pets perdidos, adoção, ONGs, produtos e clínicas em um só lugar.
          </p>
        </div>
        {/* Every link a 44 px row, easy to tap on a phone (docs/decisions/0033 §12). */}
        <nav aria-label="Rodapé">
          <h2 className="mb-1 text-sm font-semibold text-slate-900">Navegação</h2>
          <ul className="text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={FOOTER_LINK}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/termos" className={FOOTER_LINK}>
                Termos de Uso
              </Link>
            </li>
            <li>
              <Link to="/privacidade" className={FOOTER_LINK}>
                Política de Privacidade
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-1 text-sm font-semibold text-slate-900">Contato</h2>
          <ul className="text-sm text-slate-600">
            <li>
              {/* Icons from the stylesheet (docs/decisions/0041). */}
              <a href={`mailto:${CONTACT_EMAIL}`} className={`icon-mail gap-2 [overflow-wrap:anywhere] ${FOOTER_LINK}`}>
                {CONTACT_EMAIL}
              </a>
            </li>
            <li>
              <a href="tel:+551140028922" className={`icon-phone gap-2 ${FOOTER_LINK}`}>
                {CONTACT_PHONE}
              </a>
            </li>
            <li>
              <Link to="/contato" className={FOOTER_LINK}>
                Fale conosco
              </Link>
            </li>
          </ul>
          <ul className="mt-4 flex gap-3" aria-label="Redes sociais">
            {SOCIAL.map(({ href, label, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className={`${icon} grid size-11 place-items-center rounded-full bg-white text-slate-600 shadow-sm hover:text-brand-700`}
                  aria-label={label}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        © {year} Patas Conectadas. Todos os direitos reservados.
      </p>
    </footer>
  );
}
