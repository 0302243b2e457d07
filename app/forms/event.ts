// The event form of the NGO dashboard (spec §7 "Event form": title, date, location,
// category and description required; time optional (none is stored as NO_EVENT_TIME and
// never shown, docs/decisions/0016); image optional and
// checked apart, by its bytes). Dates are Brasília wall-clock text (docs/decisions/0005).
import { z } from "zod";
import { EVENT_CATEGORIES } from "~/db/values";
import { NO_EVENT_TIME } from "~/lib/format";
import { checkboxField, cityField, isCalendarDate, neighbourhoodField, requiredText as required } from "./fields";

export const eventSchema = z
  .object({
    title: required("Por favor, preencha o título do evento.", 120),
    date: z
      .string({ error: "Por favor, preencha a data do evento." })
      .trim()
      .min(1, { error: "Por favor, preencha a data do evento.", abort: true })
      .refine(isCalendarDate, "Informe uma data válida."),
    time: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || NO_EVENT_TIME)
      .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Informe um horário válido, por exemplo 14:30."),
    city: cityField,
    // The venue: an address or a landmark (docs/decisions/0032, Forms).
    neighbourhood: neighbourhoodField(150),
    category: z.enum(EVENT_CATEGORIES, { error: "Escolha a categoria." }),
    description: required("Por favor, preencha a descrição do evento.", 5000),
    removeImage: checkboxField,
  })
  .transform(({ date, time, ...rest }) => ({ ...rest, date: `${date}T${time}` }));

export type EventFormValues = z.infer<typeof eventSchema>;
