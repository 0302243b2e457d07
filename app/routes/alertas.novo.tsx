import type { z } from "zod";
import { formProps, inputProps, useFormFields } from "~/components/form/form-fields";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/alertas.novo";
import { Field, RequiredLegend } from "~/components/form/field";
import { SavedSearchFields } from "~/components/saved-search-form";
import { savedSearchSchema, visitorSavedSearchSchema } from "~/forms/saved-search";
import { CityFilterNotice } from "~/components/city-filter";
import { describeCriteria, normaliseCriteria, savedSearchPath } from "~/lib/saved-search";
import { useRootData } from "~/lib/root-data";
import { getCurrentUser } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { alertCriteria, SAVED_SEARCH_LIMIT_MESSAGE, saveSearchAlert } from "~/services/search-alerts.server";
import { flashToast } from "~/platform/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Avise-me | Patas Conectadas" }, { name: "robots", content: "noindex" }];

const CITY_CHOICE_MESSAGE = "Escolha a cidade da busca antes de criar o alerta.";

// The search's criteria are this page's query string (docs/decisions/0026): the forms
// under the searches post here, and an error comes back here with what was typed. The
// city is resolved and stored in its canonical form (docs/decisions/0032); one that names
// several municipalities, or none, is asked about instead.
async function fromUrl(request: Request, context: Route.LoaderArgs["context"]) {
  const url = new URL(request.url);
  const resolved = await alertCriteria(context, url.search);
  // /pets and its status filter may be the way back; anything else goes to the search.
  const voltar = url.searchParams.get("voltar");
  const back = voltar && /^\/pets(\?status=[a-z]{1,20})?$/.test(voltar) ? voltar : null;
  if (!resolved.ok) {
    // Without the unresolved city: the line describes the rest, the notice asks which.
    const params = new URLSearchParams(url.search);
    params.delete("cidade");
    params.delete("location");
    return { criteria: normaliseCriteria(params.toString()), placeLabel: undefined, city: resolved.city, back };
  }
  return { criteria: resolved.criteria, placeLabel: resolved.placeLabel, city: null, back };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { criteria, placeLabel, city, back } = await fromUrl(request, context);
  return { criteria, back, city, description: describeCriteria(criteria, { placeLabel }), searchPath: savedSearchPath(criteria) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { criteria, city, back: backPath } = await fromUrl(request, context);
  const user = await getCurrentUser(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: user ? savedSearchSchema : visitorSavedSearchSchema });
  // A city still to be chosen: nothing is saved (an alert for "Bom Jesus" would be for all of
  // Brazil). Said together with the form's own errors (docs/decisions/0033 §14).
  const cityError = city ? { formErrors: [CITY_CHOICE_MESSAGE] } : undefined;
  if (submission.status !== "success" || cityError) return data({ result: submission.reply(cityError) }, { status: 400 });
  const back = backPath ?? savedSearchPath(criteria);
  const email = user?.email ?? submission.value.email;
  if (!email) return data({ result: submission.reply() }, { status: 400 });
  // A filled honeypot gets the answer a person gets, and nothing is saved or mailed.
  if (submission.value.website) {
    flashToast(context, confirmationToast(email));
    return redirect(back, 303);
  }
  const saved = await saveSearchAlert(context, request, { criteria, email, user });
  if (!saved.ok) {
    const limited = saved.reason === "rate-limited";
    return data(
      { result: submission.reply({ formErrors: [limited ? RATE_LIMITED_MESSAGE : SAVED_SEARCH_LIMIT_MESSAGE] }) },
      { status: limited ? 429 : 400, headers: limited ? { "Retry-After": String(saved.retryAfterSeconds) } : undefined },
    );
  }
  flashToast(
    context,
    saved.kind === "confirmation-sent"
      ? confirmationToast(email)
      : saved.kind === "created"
        ? { type: "success", title: "Alerta criado!", description: "Você receberá por e-mail os novos pets desta busca." }
        : { type: "info", title: "Você já tem este alerta", description: "Veja seus alertas em Meus Alertas." },
  );
  return redirect(back, 303);
}

function confirmationToast(email: string) {
  return {
    type: "success" as const,
    title: "Confirme seu e-mail",
    description: `Enviamos um link para ${email}. O alerta começa quando você confirmar.`,
  };
}

export default function NovoAlerta({ loaderData, actionData }: Route.ComponentProps) {
  const { criteria, description, searchPath, back, city } = loaderData;
  const user = useRootData()?.user ?? null;
  const [form, fields] = useFormFields<z.input<typeof visitorSavedSearchSchema>>({
    answer: actionData?.result,
  });
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold text-slate-900">Avise-me quando aparecer um pet assim</h1>
      <p className="mt-2 text-slate-700">
        Busca: <span className="font-medium">{description}</span>.{" "}
        <Link to={searchPath} className="font-semibold text-brand-700 underline">
          Ver a busca
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Uma vez por dia, se aparecer um pet novo assim, enviamos um e-mail
        {user ? (
          <>
            {" "}
            para <span className="break-all font-medium">{user.email}</span>
          </>
        ) : null}
        . Todo e-mail tem um link para cancelar o alerta com um clique.
      </p>
      {city ? <CityFilterNotice city={city} /> : null}
      <div className="mt-4">
        <ErrorSummary title="Não foi possível criar o alerta" errors={summaryErrors(form)} />
      </div>
      {/* The form only once the city is one municipality (its choices are links above). */}
      {city ? null : (
        <SavedSearchFields criteria={criteria} back={back ?? undefined} formProps={formProps(form)}>
          {user ? null : (
            <div className="min-w-0 flex-1 space-y-2">
              <RequiredLegend />
              <Field id={fields.email.id} label="Seu e-mail" errors={fields.email.errors} errorId={fields.email.errorId} required>
                <input
                  {...inputProps(fields.email, { type: "email" })}
                  aria-required
                  className="input"
                  autoComplete="email"
                  maxLength={254}
                />
              </Field>
            </div>
          )}
        </SavedSearchFields>
      )}
    </div>
  );
}
