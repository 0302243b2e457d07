// `import module from "x.wasm?module"` gives a compiled WebAssembly.Module, both in the
// Worker build (@cloudflare/vite-plugin) and in the Workers test pool
// (docs/decisions/0018-card-images.md).
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}
