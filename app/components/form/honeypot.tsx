/** A field people never see (and screen readers skip); bots that fill it are ignored. */
export function Honeypot({ name = "website" }: { name?: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${name}`}>Não preencha este campo</label>
      <input id={`hp-${name}`} type="text" name={name} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
