import type { CityChoicesView } from "~/components/form/city-fields";
import type { FormAnswer } from "~/components/form/form-fields";

/**
 * What a create or edit page's action sends back to its form: Conform's answer, the photo
 * check's messages (bytes, size, the limit of photos) and the server's candidates when the
 * city's name is in several states. The page hands its `actionData` over as it is.
 */
export interface ActionAnswer {
  result?: FormAnswer;
  photoErrors?: string[];
  cityChoices?: CityChoicesView | null;
}
