// The words of the share button with JavaScript (spec §8), shared by ShareMenu and the
// light first visit's script (docs/decisions/0020-javascript-budget.md).
export const SHARE_MESSAGES = {
  failed: "Não foi possível compartilhar. Tente copiar o link manualmente.",
  copied: "Link copiado!",
} as const;

/**
 * The message the owner's 'Compartilhar no WhatsApp' opens with (docs/decisions/0022, "The
 * owner's own ad"): it asks for help in the poster's own voice and ends where the ad's
 * address goes, so WhatsApp previews the link with the pet's photo.
 */
export function spreadTheWordMessage(ad: { title: string; status: string; location: string; missingSince: string | null }): string {
  const askToShare = "Por favor, compartilhe:";
  switch (ad.status) {
    case "encontrado":
      return `Encontrei este pet em ${ad.location} e procuro a família dele. Se você conhece, avise pelo link, que tem as fotos e o contato. ${askToShare}`;
    case "avistado":
      return `Vi este pet sozinho em ${ad.location}. Se você conhece a família dele, avise pelo link, que tem as fotos e o contato. ${askToShare}`;
    case "adocao":
      return `${ad.title} procura um lar! Está para adoção em ${ad.location}. Veja as fotos e fale comigo pelo link. ${askToShare}`;
    default: {
      const since = ad.missingSince ? ` no dia ${ad.missingSince.split("-").reverse().join("/")}` : "";
      return `Ajude a encontrar ${ad.title}! Sumiu em ${ad.location}${since}. Se você viu, avise pelo link, que tem as fotos e o contato. ${askToShare}`;
    }
  }
}
