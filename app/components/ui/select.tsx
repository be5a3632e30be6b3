/** A native <select> with the house field look, so it lines up with the inputs beside it. */
import clsx from "clsx";
import { forwardRef, type SelectHTMLAttributes } from "react";
import { inputClass } from "./form-field";

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={clsx(inputClass, className)} {...props} />;
});
