import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: it must work with JavaScript off.
  ssr: true,
} satisfies Config;
