// 'Vi este pet' (docs/decisions/0024-sightings.md): rules shared by the server and the
// pages, without the form's zod schema (the pet page stays light, docs/decisions/0020).

/** Lost and not closed: the only pets that take sightings. */
export function takesSightings(pet: { status: string; closedAs: string | null }): boolean {
  return pet.status === "perdido" && pet.closedAs === null;
}
