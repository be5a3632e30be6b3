import { useState, type InputHTMLAttributes } from "react";
import { EMAIL_CODE_LENGTH, normalizeEmailCode } from "~/modules/accounts/account-schemas";

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "defaultValue" | "onChange" | "type" | "maxLength"
>;

/**
 * product.md "Validation": the e-mail code. Whatever is typed or pasted is cleaned as it arrives
 * (whitespace and anything but letters and digits dropped, capitals, only the first 6 kept), and
 * the form is sent by itself the moment the sixth character arrives.
 */
export function EmailCodeInput({
  onComplete,
  ...props
}: NativeProps & { onComplete?: (code: string, input: HTMLInputElement) => void }) {
  const [value, setValue] = useState("");
  return (
    <input
      {...props}
      type="text"
      value={value}
      onChange={(event) => {
        const next = normalizeEmailCode(event.target.value);
        setValue(next);
        if (next.length === EMAIL_CODE_LENGTH && next !== value) onComplete?.(next, event.currentTarget);
      }}
      // No maxLength: a pasted "AB1 2CD" must reach the cleaner whole.
      autoComplete="one-time-code"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      inputMode="text"
      placeholder={"•".repeat(EMAIL_CODE_LENGTH)}
    />
  );
}
