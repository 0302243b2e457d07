// The words of the share button with JavaScript (spec §8), shared by ShareMenu and the
// light first visit's script (docs/decisions/0020-javascript-budget.md).
export const SHARE_MESSAGES = {
  failed: "Não foi possível compartilhar. Tente copiar o link manualmente.",
  copied: "Link copiado!",
} as const;
