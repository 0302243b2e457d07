import { href, Link } from "react-router";
import type { Route } from "./+types/privacidade";
import { CONTACT_EMAIL } from "~/components/layout/site-footer";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {} } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Política de Privacidade | Patas Conectadas" },
  {
    name: "description",
    content: "Como a Patas Conectadas coleta, usa, compartilha e protege seus dados pessoais, de acordo com a LGPD (Lei nº 13.709/2018).",
  },
];

const LEGAL_BASES = [
  {
    title: "Execução de contrato",
    text: "para criar e manter sua conta, publicar seus anúncios, perfis e eventos e prestar os planos contratados.",
  },
  {
    title: "Legítimo interesse",
    text: "para manter a Plataforma segura, prevenir fraudes e spam, moderar conteúdo e melhorar nossos serviços.",
  },
  {
    title: "Cumprimento de obrigação legal",
    text: "para guardar registros de acesso (Marco Civil da Internet) e documentos fiscais dos planos pagos.",
  },
  {
    title: "Consentimento",
    text: "quando você decide tornar públicos dados opcionais, como telefone, bio e redes sociais, que podem ser removidos a qualquer momento.",
  },
];

const RIGHTS = [
  "confirmação da existência de tratamento e acesso aos seus dados;",
  "correção de dados incompletos, inexatos ou desatualizados;",
  "anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desconformidade com a LGPD;",
  "portabilidade dos dados a outro fornecedor de serviço;",
  "eliminação dos dados tratados com base no consentimento e revogação desse consentimento;",
  "informação sobre com quem compartilhamos seus dados;",
  "oposição a tratamento realizado em desacordo com a lei;",
  "petição à Autoridade Nacional de Proteção de Dados (ANPD).",
];

export default function Privacidade() {
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-slate-900">Política de Privacidade</h1>
      <p className="mt-2 text-sm text-slate-500">
        Última atualização: <time dateTime="2026-11-27">27 de novembro de 2026</time>
      </p>

      <div className="prose-page mt-6 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">
        <p>
          A Patas Conectadas respeita a sua privacidade. Esta Política explica quais dados pessoais coletamos, por que os usamos, com quem
          os compartilhamos e como você pode exercer seus direitos, conforme a Lei Geral de Proteção de Dados Pessoais (LGPD — Lei nº
          13.709/2018). Ela complementa os nossos <Link to="/termos">Termos de Uso</Link>.
        </p>

        <h2>1. Quem é o controlador</h2>
        <p>
          A Patas Conectadas é a controladora dos dados tratados na Plataforma. Para qualquer assunto relacionado a dados pessoais,
          incluindo falar com o nosso encarregado (DPO), escreva para <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>

        <h2>2. Dados que coletamos</h2>
        <ul>
          <li>
            <strong>Conta:</strong> nome, e-mail, senha (guardada apenas de forma criptografada) e tipo de conta. Se você entrar com o
            Google, recebemos nome, e-mail e foto do seu perfil Google.
          </li>
          <li>
            <strong>Perfil:</strong> foto, telefone, bio (“Sobre mim”) e links do Facebook e do Instagram, todos opcionais. Para ONGs e
            empresas, também dados da organização, como nome, localização, descrição, site e contatos.
          </li>
          <li>
            <strong>Anúncios e eventos:</strong> informações sobre o pet, produto, serviço ou evento, localização aproximada e o número de
            WhatsApp informado para contato.
          </li>
          <li>
            <strong>Fotos:</strong> imagens enviadas para anúncios, perfis e galerias.
          </li>
          <li>
            <strong>Mensagens de contato:</strong> nome, e-mail, assunto e texto enviados pelo formulário de contato.
          </li>
          <li>
            <strong>Mensagens, avistamentos e denúncias:</strong> o que você escreve a quem anunciou um pet (“Enviar mensagem”, “Quero
            adotar”, “Vi este pet”), com o nome e o contato que informar, e as denúncias que fizer pelo link “Denunciar”.
          </li>
          <li>
            <strong>Pagamentos:</strong> dados da contratação dos planos de empresa. Os dados de cartão são informados diretamente ao
            Mercado Pago e não passam por nós.
          </li>
          <li>
            <strong>Dados técnicos:</strong> endereço IP, data e hora de acesso e informações do navegador, registrados por segurança e por
            exigência do Marco Civil da Internet.
          </li>
        </ul>

        <h2>3. Cookies</h2>
        <p>
          Usamos apenas <strong>um cookie de sessão</strong>, essencial para manter você conectado e proteger os formulários. Não usamos
          cookies de rastreamento, de análise de terceiros ou de publicidade, e não exibimos anúncios de redes de publicidade.
        </p>

        <h2>4. Para que usamos os dados</h2>
        <ul>
          <li>criar e manter sua conta e permitir o login, inclusive com o Google;</li>
          <li>publicar e exibir anúncios, perfis, eventos, produtos e clínicas;</li>
          <li>permitir que outras pessoas entrem em contato para ajudar um pet;</li>
          <li>responder às mensagens enviadas pelo formulário de contato;</li>
          <li>processar a contratação e a cobrança dos planos de empresa;</li>
          <li>moderar conteúdo, prevenir fraudes e manter a Plataforma segura;</li>
          <li>cumprir obrigações legais e atender a ordens de autoridades.</li>
        </ul>

        <h2>5. Bases legais</h2>
        <p>Tratamos dados pessoais com base nas hipóteses do artigo 7º da LGPD:</p>
        <ul>
          {LEGAL_BASES.map((base) => (
            <li key={base.title}>
              <strong>{base.title}:</strong> {base.text}
            </li>
          ))}
        </ul>

        <h2>6. Dados públicos</h2>
        <p>Algumas informações são públicas por natureza, pois servem para que a comunidade ajude os animais:</p>
        <ul>
          <li>
            o <strong>perfil público</strong> mostra nome, foto, bio e links das redes sociais que você preencher; o seu e-mail e o seu
            telefone só aparecem se você marcar “Mostrar meu e-mail” ou “Mostrar meu telefone” no seu perfil (desmarcados ao criar a conta);
          </li>
          <li>
            os <strong>anúncios</strong> mostram as fotos e a localização do pet; o número de WhatsApp do anúncio não aparece na página: o
            botão “Chamar no WhatsApp” abre a conversa sem mostrá-lo, e só você vê o número no cartaz para imprimir;
          </li>
          <li>
            quem usa “Enviar mensagem” ou “Quero adotar” fala com você por e-mail: o seu endereço de e-mail nunca é mostrado a quem escreve,
            e só aparece para a pessoa se você responder;
          </li>
          <li>perfis de ONGs, empresas e clínicas exibem os contatos cadastrados pela organização.</li>
        </ul>
        <p>
          Publique apenas o que se sentir à vontade para compartilhar. Você pode editar ou apagar esses dados no seu painel a qualquer
          momento.
        </p>

        <h3>E-mails que enviamos</h3>
        <p>
          Enviamos e-mails apenas sobre a sua conta e o que você pediu: confirmação e troca de e-mail, troca de senha, exclusão ou suspensão
          da conta; mensagens, pedidos de adoção e avistamentos recebidos pelos seus anúncios e pets parecidos com o seu; avisos sobre o
          prazo e a moderação dos seus anúncios; e os alertas de busca que você criar (cada alerta traz um link para cancelá-lo). Não
          enviamos propaganda nem passamos o seu endereço a terceiros.
        </p>

        <h2>7. Compartilhamento</h2>
        <p>
          <strong>Não vendemos nem alugamos seus dados pessoais.</strong> Compartilhamos dados apenas quando necessário:
        </p>
        <ul>
          <li>
            com o <strong>Mercado Pago</strong>, processador dos pagamentos dos planos de empresa;
          </li>
          <li>
            com o <strong>Google</strong>, quando você escolhe entrar com a sua conta Google;
          </li>
          <li>
            com provedores de infraestrutura que hospedam o site e armazenam dados e imagens, sob contrato e com obrigações de
            confidencialidade;
          </li>
          <li>com autoridades públicas, quando exigido por lei ou ordem judicial.</li>
        </ul>
        <p>
          Alguns desses fornecedores podem armazenar dados fora do Brasil; nesses casos, a transferência segue as salvaguardas previstas nos
          artigos 33 a 36 da LGPD.
        </p>

        <h2>8. Por quanto tempo guardamos</h2>
        <ul>
          <li>dados da conta e do perfil: enquanto a conta estiver ativa;</li>
          <li>anúncios: até serem removidos por você, pela moderação ou com a exclusão da conta;</li>
          <li>mensagens de contato: pelo tempo necessário para o atendimento, até 2 anos;</li>
          <li>registros de acesso: 6 meses, conforme o Marco Civil da Internet;</li>
          <li>dados de pagamento e fiscais: 5 anos, conforme a legislação tributária.</li>
        </ul>
        <p>Após esses prazos, os dados são eliminados ou anonimizados.</p>

        <h2>9. Seus direitos</h2>
        <p>Como titular dos dados, você pode solicitar, a qualquer momento:</p>
        <ul>
          {RIGHTS.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
        <p id="meus-dados">
          Você mesmo exerce o acesso, a portabilidade e a eliminação, a qualquer momento, em{" "}
          <Link to={href("/meus-dados")}>Meus dados</Link>, no seu painel:{" "}
          {/* A file, not a page: a plain link (after signing in, the download starts). */}
          <a href={href("/meus-dados/baixar")}>baixar meus dados</a> (um arquivo JSON com tudo o que está ligado à sua conta) e{" "}
          <Link to={href("/meus-dados/excluir")}>excluir minha conta</Link> (a conta e os dados ligados a ela são apagados de uma vez; os
          registros de pagamento ficam guardados pelo prazo da legislação tributária, sem o seu nome, e-mail ou conta).
        </p>
        <p>
          Grande parte dos dados pode ser corrigida diretamente no seu painel. Para os demais pedidos, escreva para{" "}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> a partir do e-mail da sua conta. Responderemos em até 15 dias e poderemos
          pedir informações para confirmar a sua identidade.
        </p>

        <h2>10. Segurança</h2>
        <p>
          Adotamos medidas técnicas e administrativas para proteger seus dados, como conexão criptografada (HTTPS), senhas armazenadas com
          hash, cookie de sessão protegido e acesso restrito aos dados. Nenhum sistema é totalmente imune a falhas; se ocorrer um incidente
          de segurança relevante, comunicaremos os titulares afetados e a ANPD, conforme a lei.
        </p>

        <h2>11. Crianças e adolescentes</h2>
        <p>
          A Plataforma não é destinada a menores de 18 anos sem a supervisão dos pais ou responsáveis. Não coletamos intencionalmente dados
          de crianças; se identificarmos esse tipo de cadastro, os dados serão removidos. Responsáveis podem nos contatar para pedir a
          exclusão.
        </p>

        <h2>12. Alterações desta Política</h2>
        <p>
          Esta Política pode ser atualizada para refletir mudanças na Plataforma ou na legislação. A data da última atualização aparece no
          topo desta página e, em caso de mudanças relevantes, avisaremos pelo site ou por e-mail.
        </p>

        <h2>13. Contato</h2>
        <p>
          Dúvidas sobre privacidade? Escreva para <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> ou use a nossa{" "}
          <Link to="/contato">página de contato</Link>.
        </p>
      </div>
    </div>
  );
}
