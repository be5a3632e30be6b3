/**
 * The comment and reply form (conform), fetched only where a form shows (see comments.tsx). It
 * checks the text with checkCommentBody, the zod schema's rule without zod (issue 10).
 */
import { getFormProps, getTextareaProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { Field, FormError, inputClass, withoutKey } from "~/components/ui/form-field";
import { apiFetch, ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { checkCommentBody, COMMENT_BODY_MAX } from "~/modules/posts/comment-rules";
import type { CommentDTO } from "~/modules/posts/comments.server";

const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);

/** `POST /api/posts/{id}/comments`: the server's field errors land on the text box, any other on the form. */
export default function CommentForm({
  postId,
  parentId,
  label,
  submitLabel,
  focusOnOpen = false,
  onAdded,
  onCancel,
}: {
  postId: string;
  parentId: string | null;
  label: string;
  submitLabel: string;
  /** A reply form opened by its Reply button takes the focus, so typing can start at once. */
  focusOnOpen?: boolean;
  onAdded: (comment: CommentDTO) => void;
  onCancel?: () => void;
}) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [sending, setSending] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) textarea.current?.focus();
  }, [focusOnOpen]);
  const [form, fields] = useForm({
    id: parentId ? `reply-${parentId}` : `comment-${postId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parse(formData, {
        resolve(payload) {
          const checked = checkCommentBody(payload.body);
          return checked.error === undefined ? { value: { body: checked.body } } : { error: { body: [checked.error] } };
        },
      }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSending(true);
      try {
        const { payload } = await apiFetch<{ payload: CommentDTO }>(`/posts/${encodeURIComponent(postId)}/comments`, {
          method: "POST",
          body: parentId ? { body: submission.value.body, parentId } : { body: submission.value.body },
        });
        setLastResult(submission.reply({ resetForm: true }));
        onAdded(payload);
      } catch (error) {
        const errors = error instanceof ApiClientError ? error.errors : undefined;
        const onField = errors?.body ?? [];
        setLastResult(
          submission.reply({
            fieldErrors: { body: onField },
            formErrors: onField.length > 0 ? [] : [messageOf(error)],
          }),
        );
      } finally {
        setSending(false);
      }
    },
  });

  return (
    <form {...getFormProps(form)} noValidate className="space-y-2" aria-busy={sending}>
      <Field meta={fields.body} label={label}>
        <textarea
          {...withoutKey(getTextareaProps(fields.body, { ariaDescribedBy: `${fields.body.id}-hint` }))}
          key={fields.body.key}
          rows={parentId ? 2 : 3}
          maxLength={COMMENT_BODY_MAX}
          ref={textarea}
          placeholder={parentId ? "Write a reply…" : "Share your take…"}
          className={clsx(inputClass, "resize-y")}
        />
      </Field>
      <p id={`${fields.body.id}-hint`} className="sr-only">{`At most ${COMMENT_BODY_MAX} characters.`}</p>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          disabled={sending}
          className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
        >
          {sending ? "Sending…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
