// The not-found screens several routes share (docs/decisions/0034, One error boundary):
// each is the spec's text for a kind of item, thrown with the 404 and shown by the one
// general boundary. A screen only one route uses stays in that route.
import { href } from "react-router";
import type { ErrorScreen } from "./not-found";

const VOLTAR = "Voltar";

/** Every /pet/{id} page: an unknown ad, one not the visitor's to manage, a closed one past its days. */
export const PET_NOT_FOUND: ErrorScreen = {
  title: "Pet não encontrado",
  message: "O anúncio que você procura não existe ou foi removido.",
  back: { to: href("/pets"), label: VOLTAR },
};

const CLINIC = { title: "Clínica não encontrada", message: "A clínica que você está procurando não existe ou foi removida." };
const EVENT = { title: "Evento não encontrado", message: "O evento que você está procurando não existe ou foi removido." };
const PRODUCT = { title: "Produto não encontrado" };

/** The five public detail pages, by the kind the detail pipeline loads; back to their listing. */
export const DETAIL_NOT_FOUND = {
  pet: PET_NOT_FOUND,
  product: { ...PRODUCT, back: { to: href("/produtos"), label: VOLTAR } },
  clinic: { ...CLINIC, back: { to: href("/clinicas"), label: VOLTAR } },
  event: { ...EVENT, back: { to: href("/eventos"), label: VOLTAR } },
  organization: {
    title: "Organização não encontrada",
    message: "A organização que você está procurando não existe ou foi removida.",
    back: { to: href("/ver-ongs"), label: "Ver outras ONGs" },
  },
} satisfies Record<string, ErrorScreen>;

/** The same items in their owner's dashboard: back to the owner's list. */
export const OWNED_NOT_FOUND = {
  product: { ...PRODUCT, back: { to: href("/empresa/dashboard"), label: VOLTAR } },
  clinic: { ...CLINIC, back: { to: href("/empresa/dashboard/clinicas"), label: VOLTAR } },
  event: { ...EVENT, back: { to: href("/ong/dashboard/eventos"), label: VOLTAR } },
} satisfies Record<string, ErrorScreen>;

/** /pets-perdidos/{uf}/{cidade} and /adocao/{uf}/{cidade} of a city we do not know. */
export const CITY_NOT_FOUND: ErrorScreen = {
  title: "Cidade não encontrada",
  message: "Não encontramos essa cidade. Busque pelo nome em Buscar Pets.",
  back: { to: href("/buscar-pets"), label: "Buscar Pets" },
};
