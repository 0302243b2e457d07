/** A form-level error (spec §8 title + message), announced to screen readers. */
export function FormAlert({ title, messages }: { title: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
