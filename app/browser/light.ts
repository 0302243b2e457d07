// The light pages' one script (docs/decisions/0042): a Vite client entry of its own, built
// as a single classic file (vite.light-script.ts). It installs the same behaviour modules
// that the app's components install, each attached by its data attributes and doing
// nothing where there are none; without it (JavaScript off, an old browser, a failed
// download) every page works as plain HTML, links and forms.
import { installCitySuggestions } from "./city-suggestions";
import { installHearts } from "./hearts";
import { installShare } from "./share";
import { installSubmitOnChange } from "./submit-on-change";

installShare();
installHearts();
installSubmitOnChange();
installCitySuggestions();

// Tells tests (and the curious) that the page is enhanced.
document.documentElement.dataset.enhanced = "";
