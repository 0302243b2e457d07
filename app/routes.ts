import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Meus Pets, Meus Alertas and Meu Perfil of the NGO and company dashboards: the personal
 * dashboard's own modules, registered again under each parent with their own ids. The
 * parent's middleware guards them and says which dashboard they are in (`dashboardKind`).
 */
function personalTabs(dashboard: "ong" | "empresa") {
  return [
    route("pets", "routes/dashboard.pets.tsx", { id: `routes/${dashboard}.dashboard.pets` }),
    route("alertas", "routes/dashboard.alertas.tsx", { id: `routes/${dashboard}.dashboard.alertas` }),
    route("meu-perfil", "routes/dashboard.perfil.tsx", { id: `routes/${dashboard}.dashboard.meu-perfil` }),
  ];
}

// The spec's pt-BR URLs (spec §2), one module each.
export default [
  index("routes/home.tsx"),
  route("quem-somos", "routes/quem-somos.tsx"),
  route("links-uteis", "routes/links-uteis.tsx"),
  route("termos", "routes/termos.tsx"),
  route("privacidade", "routes/privacidade.tsx"),
  route("contato", "routes/contato.tsx"),
  route("ver-ongs", "routes/ver-ongs.tsx"),
  route("buscar-pets", "routes/buscar-pets.tsx"),
  route("pets", "routes/pets.tsx"),
  // A city's open ads and its region's (docs/decisions/0032, City pages), and the sitemap.
  route("pets-perdidos/:uf/:cidade", "routes/pets-perdidos.cidade.tsx"),
  route("adocao/:uf/:cidade", "routes/adocao.cidade.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  // 'Avise-me' (docs/decisions/0026): save a search, confirm it, cancel it from a mail.
  route("alertas/novo", "routes/alertas.novo.tsx"),
  route("alertas/confirmar/:token", "routes/alertas.confirmar.tsx"),
  route("alertas/cancelar/:token", "routes/alertas.cancelar.tsx"),
  route("cadastrar-pet", "routes/cadastrar-pet.tsx"),
  route("anunciar", "routes/anunciar.tsx"),
  route("pet/:id", "routes/pet.tsx"),
  route("pet/:id/edit", "routes/pet.edit.tsx"),
  route("pet/:id/excluir", "routes/pet.excluir.tsx"),
  route("pet/:id/cartaz", "routes/pet.cartaz.tsx"),
  route("pet/:id/whatsapp", "routes/pet.whatsapp.tsx"),
  // 'Enviar mensagem' (docs/decisions/0033 §2): to the poster, relayed by e-mail.
  route("pet/:id/mensagem", "routes/pet.mensagem.tsx"),
  // 'Quero adotar' (docs/decisions/0047): an adoption ad's request, the same relay.
  route("pet/:id/quero-adotar", "routes/pet.quero-adotar.tsx"),
  // The ad's lifecycle (docs/decisions/0023): close as a happy ending, renew.
  route("pet/:id/encerrar", "routes/pet.encerrar.tsx"),
  route("pet/:id/renovar", "routes/pet.renovar.tsx"),
  // 'Vi este pet' (docs/decisions/0024): the report, and the owner hiding one.
  route("pet/:id/avistamentos", "routes/pet.avistamentos.tsx"),
  route("pet/:id/avistamentos/:sightingId/ocultar", "routes/pet.avistamentos.ocultar.tsx"),
  route("perfil/:handle", "routes/perfil.tsx"),
  // 'Denunciar' and moderation (docs/decisions/0035): anyone reports; admins decide.
  route("denunciar/:tipo/:id", "routes/denunciar.tsx"),
  // Guarded once, by the layout's middleware (docs/decisions/0034, Guards as middleware).
  layout("routes/_moderacao.tsx", [
    route("moderacao", "routes/moderacao.tsx"),
    route("moderacao/registro", "routes/moderacao.registro.tsx"),
    route("moderacao/:tipo/:id", "routes/moderacao.item.tsx"),
  ]),
  route("produtos", "routes/produtos.tsx"),
  route("produto/:id", "routes/produto.tsx"),
  route("ongs", "routes/ongs.tsx"),
  // Static segments rank first: /ong/dashboard is never read as an id.
  route("ong/:id", "routes/ong.tsx"),
  route("eventos", "routes/eventos.tsx"),
  route("evento/:id", "routes/evento.tsx"),
  route("evento/:id/agenda.ics", "routes/evento.agenda.tsx"),
  route("clinicas", "routes/clinicas.tsx"),
  route("clinica/:id", "routes/clinica.tsx"),
  route("entrar", "routes/entrar.tsx"),
  route("empresas", "routes/empresas.tsx"),
  route("empresa-landing", "routes/empresa-landing.tsx"),
  // Mercado Pago's payment notifications (docs/decisions/0014).
  route("webhooks/mercado-pago", "routes/webhooks.mercado-pago.tsx"),
  route("cadastrar-ong", "routes/cadastrar-ong.tsx"),
  route("esqueci-senha", "routes/esqueci-senha.tsx"),
  route("redefinir-senha/:token", "routes/redefinir-senha.tsx"),
  route("confirmar-email/:token", "routes/confirmar-email.tsx"),
  route("reenviar-confirmacao", "routes/reenviar-confirmacao.tsx"),
  route("auth/google", "routes/auth.google.tsx"),
  route("auth/google/callback", "routes/auth.google.callback.tsx"),
  route("sair", "routes/sair.tsx"),
  route("dashboard", "routes/dashboard.tsx", [
    // The overview first; the profile form has its own tab (docs/decisions/0033 §8).
    index("routes/dashboard._index.tsx"),
    route("perfil", "routes/dashboard.perfil.tsx"),
    route("pets", "routes/dashboard.pets.tsx"),
    route("favoritos/:tipo?", "routes/dashboard.favoritos.tsx"),
    route("alertas", "routes/dashboard.alertas.tsx"),
  ]),
  // 'Meus dados' (LGPD art. 18; docs/decisions/0036): download and delete, for every
  // account type (each dashboard's header links here).
  route("meus-dados", "routes/meus-dados.tsx"),
  route("meus-dados/baixar", "routes/meus-dados.baixar.tsx"),
  route("meus-dados/excluir", "routes/meus-dados.excluir.tsx"),
  route("meus-dados/excluir/:token", "routes/meus-dados.excluir.confirmar.tsx"),
  route("favoritos", "routes/favoritos.tsx"),
  route("meus-favoritos/:tipo?", "routes/meus-favoritos.tsx"),
  route("empresa/dashboard", "routes/empresa.dashboard.tsx", [
    index("routes/empresa.dashboard._index.tsx"),
    route("produtos/novo", "routes/empresa.dashboard.produtos.novo.tsx"),
    route("produtos/:id/editar", "routes/empresa.dashboard.produtos.editar.tsx"),
    route("produtos/:id/excluir", "routes/empresa.dashboard.produtos.excluir.tsx"),
    route("perfil", "routes/empresa.dashboard.perfil.tsx"),
    route("clinicas", "routes/empresa.dashboard.clinicas.tsx"),
    route("clinicas/nova", "routes/empresa.dashboard.clinicas.nova.tsx"),
    route("clinicas/:id/editar", "routes/empresa.dashboard.clinicas.editar.tsx"),
    route("clinicas/:id/excluir", "routes/empresa.dashboard.clinicas.excluir.tsx"),
    ...personalTabs("empresa"),
  ]),
  route("ong/dashboard", "routes/ong.dashboard.tsx", [
    // Children of the NGO dashboard (docs/decisions/0016) are added here.
    index("routes/ong.dashboard._index.tsx"),
    route("cadastrar", "routes/ong.dashboard.cadastrar.tsx"),
    route("eventos", "routes/ong.dashboard.eventos.tsx"),
    route("novo-evento", "routes/ong.dashboard.novo-evento.tsx"),
    route("evento/:id/edit", "routes/ong.dashboard.evento.edit.tsx"),
    route("evento/:id/excluir", "routes/ong.dashboard.evento.excluir.tsx"),
    ...personalTabs("ong"),
  ]),
  route("dev/caixa-de-saida", "routes/dev.caixa-de-saida.tsx"),
  route("dev/sessao", "routes/dev.sessao.tsx"),
  // The local Mercado Pago sandbox: 404 unless DEV_MERCADO_PAGO=1 (docs/decisions/0014).
  route("dev/mercado-pago/checkout/preferences", "routes/dev.mercado-pago.preferences.tsx"),
  route("dev/mercado-pago/checkout/:preferenceId", "routes/dev.mercado-pago.checkout.tsx"),
  route("dev/mercado-pago/v1/payments/:id", "routes/dev.mercado-pago.payment.tsx"),
  route("imagens/*", "routes/imagens.tsx"),
  // The light pages' script, by version (docs/decisions/0042).
  route("js/leve/:arquivo", "routes/js.leve.tsx"),
  // Suggestions of the 'Cidade' fields (docs/decisions/0032, Forms).
  route("municipios", "routes/municipios.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
