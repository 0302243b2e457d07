// Stands in for app/services/card-image-wasm.server.ts in worker tests. The Workers test
// pool cannot load .wasm modules imported through Vite, and workerd refuses to compile
// WebAssembly from bytes, so the codecs do not run here: card copies are tested in Node
// (tests/unit/card-image.test.ts) and on the built Worker (tests/e2e/card-images.spec.ts);
// the R2 side is tested here (docs/decisions/0018-card-images.md).
throw new Error("Os codecs WebAssembly não rodam no pool de testes do Workers.");
