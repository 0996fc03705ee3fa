/** A trigger form's foot: the call's error, then its submit button and Cancel. */
import { FormError } from "@/components/common/form-error";

export function FormActions({
  submit,
  pending,
  error,
  onCancel,
}: {
  submit: string;
  pending: boolean;
  error: { message: string } | null;
  onCancel: () => void;
}) {
  return (
    <>
      <FormError error={error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={pending}>
          {submit}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
