import { redirect } from "react-router";

// The spec links "Ver outras ONGs" here; the list itself lives at /ongs.
export function loader() {
  return redirect("/ongs", 301);
}
