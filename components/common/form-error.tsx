/** A failed call's message under the form it came from (an alert, so screen readers say it). */
export function FormError({ error }: { error: { message: string } | string | null | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="form-error">
      {typeof error === "string" ? error : error.message}
    </p>
  );
}
