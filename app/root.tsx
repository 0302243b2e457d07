import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { IconSprite } from "~/components/icons";
import { ErrorPage, errorScreenOf } from "~/components/error-screen";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { Toaster } from "~/components/layout/toaster";
import { currentYear } from "~/lib/format";
import { LIGHT_SCRIPT } from "~/lib/light-script.server";
import { isLightPage } from "~/lib/page-policy";
import { useNonce } from "~/lib/nonce";
import { getCurrentUser } from "~/platform/auth.server";
import { wantsLessData } from "~/platform/save-data.server";
import { favoritesMiddleware, loadFavorites } from "~/services/favorites.server";
import { sessionMiddleware, takeToasts } from "~/platform/session.server";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, favoritesMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, favorites] = await Promise.all([getCurrentUser(context), loadFavorites(context, request)]);
  return {
    user,
    toasts: takeToasts(context),
    year: currentYear(),
    // For the hearts on every card, and the absolute links the share menus hand out.
    favorites,
    origin: new URL(request.url).origin,
    // The light pages' one script, a Vite entry of its own (docs/decisions/0042).
    lightScript: LIGHT_SCRIPT,
    // `Save-Data: on`: cards show a drawing instead of the photo (docs/decisions/0043-save-data.md).
    saveData: wantsLessData(request),
  };
}

// Every navigation re-reads the root data, so a heart changed on one page shows the same
// state on the next (the favourites request itself does not trigger a reload).
export function shouldRevalidate() {
  return true;
}

// When the general boundary renders, only this meta runs: the tab says what the page says.
export const meta: Route.MetaFunction = ({ error }) => (error ? [{ title: `${errorScreenOf(error).title} | Patas Conectadas` }] : []);

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  // Light is a property of the route (its handle) and of the document the server sends
  // (docs/decisions/0042). Where this runs in the browser the document was not light (a
  // light one has no app to run), and the app loads light pages as documents
  // (LIGHT_PAGE_CLIENT_MIDDLEWARE), so it never renders one.
  const light = typeof document === "undefined" && isLightPage(matches);
  return (
    <html lang="pt-BR" data-light={light ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a6fd0" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-slate-900 antialiased">
        <IconSprite />
        <a
          href="#conteudo"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Pular para o conteúdo
        </a>
        <SiteHeader user={data?.user ?? null} />
        <main id="conteudo" className="flex-1">
          {children}
        </main>
        <SiteFooter year={data?.year ?? new Date().getFullYear()} />
        <Toaster toasts={data?.toasts ?? []} />
        {light ? (
          // A module only in `vite dev`, where the source is served with its imports.
          data ? (
            <script src={data.lightScript.src} type={data.lightScript.module ? "module" : undefined} defer nonce={nonce} />
          ) : null
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the end of hydration (effects run after commit): from here on every handler is
  // attached. End-to-end tests wait for it before typing with JavaScript on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

// The one general boundary (docs/decisions/0034, One error boundary): every route's
// thrown not-found, with the screen the page threw, and any unexpected error.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
