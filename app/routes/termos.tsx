import { href, Link } from "react-router";
import type { Route } from "./+types/termos";
import { CONTACT_EMAIL } from "~/components/layout/site-footer";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

// A light page: server HTML and our small script, for everyone (docs/decisions/0042); kept
// in the edge cache for cookie-less visitors, keyed by the query parameters its loader reads
// (docs/decisions/0019).
export const handle = pagePolicy({ light: true, cache: { params: {} } });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

export const meta: Route.MetaFunction = () => [
  { title: "Termos de Uso | Patas Conectadas" },
  {
    name: "description",
    content:
      "Regras para usar a Patas Conectadas: contas, anúncios de pets perdidos, encontrados e para adoção, conteúdo proibido, ONGs, empresas e planos pagos.",
  },
];

export default function Termos() {
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-slate-900">Termos de Uso</h1>
      <p className="mt-2 text-sm text-slate-500">
        Última atualização: <time dateTime="2026-11-27">27 de novembro de 2026</time>
      </p>

      <div className="prose-page mt-6 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">
        <p>
          Bem-vindo à Patas Conectadas. Estes Termos de Uso regulam o acesso e a utilização do site patasconectadas.com.br e de seus
          serviços (a “Plataforma”). Ao criar uma conta, publicar um anúncio ou simplesmente navegar pela Plataforma, você declara que leu,
          entendeu e concorda com estes Termos e com a nossa <Link to="/privacidade">Política de Privacidade</Link>. Se não concordar, não
          utilize a Plataforma.
        </p>

        <h2>1. O que é a Patas Conectadas</h2>
        <p>
          A Patas Conectadas é uma plataforma comunitária que aproxima tutores, protetores, ONGs, voluntários, clínicas veterinárias e
          empresas do setor pet. Nela é possível divulgar pets perdidos, encontrados ou avistados, anunciar animais para adoção, conhecer
          organizações e eventos e encontrar produtos e serviços para animais.
        </p>
        <p>
          A Plataforma atua apenas como meio de divulgação e contato. Não somos parte das negociações, adoções ou combinações feitas entre
          usuários, nem intermediamos a entrega de animais.
        </p>

        <h2>2. Cadastro e conta</h2>
        <ul>
          <li>
            Para publicar conteúdo é necessário criar uma conta com e-mail e senha ou entrar com a sua conta Google. Existem contas
            pessoais, de ONG/voluntário e de empresa.
          </li>
          <li>Você deve ter pelo menos 18 anos ou estar assistido por seus pais ou responsáveis legais.</li>
          <li>
            As informações fornecidas devem ser verdadeiras, completas e atualizadas. É proibido se passar por outra pessoa ou organização.
          </li>
          <li>
            Você é responsável por manter sua senha em sigilo e por toda atividade realizada na sua conta. Avise-nos imediatamente em caso
            de uso não autorizado.
          </li>
        </ul>

        <h2>3. Anúncios de pets</h2>
        <p>
          A publicação de anúncios de pets perdidos, encontrados, avistados e para adoção é gratuita. Ao anunciar, você se compromete a:
        </p>
        <ul>
          <li>publicar apenas informações e fotos verdadeiras, das quais tenha o direito de uso;</li>
          <li>
            informar um WhatsApp válido para contato. O número não aparece no anúncio: quem puder ajudar toca em “Chamar no WhatsApp” e a
            conversa se abre com você, ou escreve pelo “Enviar mensagem”, que chega ao seu e-mail sem mostrar o seu endereço. No cartaz para
            imprimir, o número aparece só quando é você quem o abre;
          </li>
          <li>atualizar ou remover o anúncio assim que o pet for reencontrado ou adotado;</li>
          <li>
            conduzir adoções de forma responsável, sem cobrança pelo animal, podendo solicitar apenas termo de adoção, visita prévia ou
            reembolso comprovado de custos veterinários, quando houver.
          </li>
        </ul>
        <p>
          Recomendamos cautela ao combinar encontros: prefira locais públicos, desconfie de pedidos de pagamento para “devolver” um animal e
          nunca envie dinheiro antecipadamente.
        </p>

        <h2>4. Conteúdo proibido</h2>
        <p>Não é permitido publicar, em qualquer área da Plataforma:</p>
        <ul>
          <li>
            <strong>venda de animais</strong>, inclusive filhotes, ou qualquer anúncio de adoção condicionado a pagamento;
          </li>
          <li>
            <strong>conteúdo político</strong>, partidário ou eleitoral, incluindo propaganda de candidatos;
          </li>
          <li>animais silvestres ou exóticos sem a documentação exigida pelos órgãos ambientais;</li>
          <li>conteúdo que incentive maus-tratos, rinhas, abandono ou qualquer crime contra animais;</li>
          <li>
            conteúdo ofensivo, discriminatório, violento, sexual, enganoso ou que viole direitos de terceiros, como direitos autorais e de
            imagem;
          </li>
          <li>spam, correntes, golpes, links maliciosos ou dados pessoais de terceiros sem autorização.</li>
        </ul>

        <h2>5. ONGs e voluntários</h2>
        <p>
          Contas de ONG/voluntário podem manter um perfil público da organização, com descrição, área de atuação, galeria de fotos e
          contatos, e publicar eventos como feiras de adoção e campanhas. A organização responde pela veracidade das informações divulgadas,
          pela condução dos eventos e pelo uso de eventuais doações, que são recebidas diretamente por ela, sem participação da Patas
          Conectadas.
        </p>

        <h2>6. Empresas, clínicas e planos pagos</h2>
        <p>
          Empresas e clínicas veterinárias podem divulgar produtos, serviços e estabelecimentos. O Plano Básico é gratuito; o Plano Premium
          e planos personalizados são pagos, com valores e recursos informados na página de planos no momento da contratação.
        </p>
        <ul>
          <li>
            Os pagamentos são processados pelo Mercado Pago, sujeitos também aos termos desse serviço. Não armazenamos dados de cartão.
          </li>
          <li>
            Planos mensais são renovados automaticamente até o cancelamento, que pode ser pedido a qualquer momento e vale ao final do
            período já pago.
          </li>
          <li>
            Contratações on-line podem ser canceladas em até 7 dias, com reembolso integral, nos termos do artigo 49 do Código de Defesa do
            Consumidor.
          </li>
          <li>
            A empresa é a única responsável pelos produtos e serviços anunciados, por preços, entregas, garantias, licenças e registros
            profissionais exigidos por lei. Clínicas devem manter responsável técnico com registro ativo no CRMV.
          </li>
        </ul>

        <h2>7. Moderação e remoção de conteúdo</h2>
        <p>
          Podemos revisar, ocultar ou remover, sem aviso prévio, qualquer conteúdo que viole estes Termos ou a lei, bem como suspender ou
          encerrar contas envolvidas em violações graves ou repetidas. Qualquer pessoa, mesmo sem conta, pode denunciar um conteúdo pelo
          link “Denunciar”, que aparece em cada anúncio, produto, clínica, ONG, evento e perfil público. Nossa equipe analisa cada denúncia;
          um conteúdo denunciado por várias contas com e-mail confirmado fica fora do ar até a análise, e quem o publicou é avisado por
          e-mail. Quando cabível, colaboraremos com as autoridades competentes.
        </p>

        <h2>8. Propriedade intelectual</h2>
        <p>
          A marca, o nome, o logotipo e o código da Patas Conectadas pertencem aos seus titulares. Você continua dono do conteúdo que
          publica, mas nos concede uma licença gratuita e não exclusiva para exibi-lo e divulgá-lo na Plataforma e em nossos canais
          oficiais, com o objetivo de ajudar os animais anunciados, enquanto o conteúdo estiver publicado.
        </p>

        <h2>9. Responsabilidades e limitações</h2>
        <ul>
          <li>
            O conteúdo dos anúncios, perfis e eventos é de responsabilidade exclusiva de quem o publica. Não garantimos a veracidade das
            informações nem o resultado de buscas e adoções.
          </li>
          <li>
            Não nos responsabilizamos por negociações, encontros, danos ou prejuízos decorrentes de contatos entre usuários, nem pelo
            conteúdo de sites externos indicados na Plataforma.
          </li>
          <li>
            Empenhamo-nos para manter a Plataforma disponível e segura, mas ela pode passar por interrupções para manutenção ou por motivos
            fora do nosso controle.
          </li>
        </ul>

        <h2>10. Privacidade e proteção de dados</h2>
        <p>
          O tratamento de dados pessoais segue a Lei Geral de Proteção de Dados (LGPD — Lei nº 13.709/2018) e está descrito na nossa{" "}
          <Link to="/privacidade">Política de Privacidade</Link>, que faz parte destes Termos.
        </p>

        <h2>11. Encerramento da conta</h2>
        <p>
          Você mesmo exclui a sua conta, a qualquer momento, em <Link to={href("/meus-dados")}>Meus dados</Link>, no seu painel, pelo botão{" "}
          <Link to={href("/meus-dados/excluir")}>Excluir minha conta</Link>. A conta e os anúncios, perfis, eventos, fotos e demais dados
          ligados a ela são apagados de uma vez; os registros de pagamento ficam guardados pelo prazo da legislação tributária, sem o seu
          nome, e-mail ou conta. Antes, se quiser, baixe uma cópia dos seus dados na mesma página.
        </p>

        <h2>12. Alterações destes Termos</h2>
        <p>
          Estes Termos podem ser atualizados para refletir mudanças na Plataforma ou na legislação. A data da última atualização aparece no
          topo desta página e, em caso de mudanças relevantes, avisaremos pelo site ou por e-mail. O uso contínuo após a atualização indica
          concordância com a nova versão.
        </p>

        <h2>13. Legislação e foro</h2>
        <p>
          Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro do domicílio do usuário para dirimir
          eventuais controvérsias, conforme o Código de Defesa do Consumidor.
        </p>

        <h2>14. Contato</h2>
        <p>
          Dúvidas sobre estes Termos? Escreva para <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> ou use a nossa{" "}
          <Link to="/contato">página de contato</Link>.
        </p>
      </div>
    </div>
  );
}
