// The columns an ad's title is built from, for every read that shows a pet by its title
// instead of its bare name (docs/decisions/0045). The title itself is app/lib/pet-title.ts.
import { pets } from "~/db/schema";
import { petTitle, type PetTitleFacts } from "~/lib/pet-title";

export const petTitleColumns = {
  name: pets.name,
  type: pets.type,
  status: pets.status,
  gender: pets.gender,
  location: pets.location,
};

/** The row with its `title`. */
export function withTitle<T extends PetTitleFacts>(row: T): T & { title: string } {
  return { ...row, title: petTitle(row) };
}
