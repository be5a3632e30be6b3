/** Text controls with the house field look (the classes live beside Field in form-field.tsx). */
import clsx from "clsx";
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { inputClass } from "./form-field";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A text-like <input>; conform's props spread onto it (without their key: see withoutKey). */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={clsx(inputClass, className)} {...props} />;
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={clsx(inputClass, className)} {...props} />;
});
