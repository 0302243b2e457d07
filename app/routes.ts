import { type RouteConfig, index, route } from "@react-router/dev/routes";

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
  route("produtos", "routes/produtos.tsx"),
  route("ongs", "routes/ongs.tsx"),
  route("eventos", "routes/eventos.tsx"),
  route("clinicas", "routes/clinicas.tsx"),
  route("sair", "routes/sair.tsx"),
  route("imagens/*", "routes/imagens.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
