/**
 * The comment and reply form (conform), fetched only where a form shows (see comments.tsx). It
 * checks the text with checkCommentBody, the zod schema's rule without zod.
 */
import { getFormProps, getTextareaProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { checkCommentBody, COMMENT_BODY_MAX } from "~/modules/posts/comment-rules";
import type { CommentDTO } from "~/modules/posts/comments.server";
import { commentsPath } from "~/modules/posts/comment-rules";

/** Checks the text as the server does: conform's submission, without zod. */
function parseComment(formData: FormData) {
  return parse(formData, {
    resolve(payload) {
      const checked = checkCommentBody(payload.body);
      return checked.error === undefined ? { value: { body: checked.body } } : { error: { body: [checked.error] } };
    },
  });
}

/**
 * Submits to the discussion's action (`intent=add`): the server's field errors land on the text
 * box, any other on the form.
 */
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
  const fetcher = useActionFetcher<{ comment: CommentDTO }>({ toastErrors: false });
  const sending = fetcher.state !== "idle";
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) textarea.current?.focus();
  }, [focusOnOpen]);

  const sent = useRef<FormData | null>(null);
  // The answer, once: the new comment joins the list and the form empties; a failure shows on it.
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === seen.current || !fetcher.data) return;
    seen.current = fetcher.data;
    const submission = parseComment(sent.current ?? new FormData());
    if (fetcher.data.ok) {
      setLastResult(submission.reply({ resetForm: true }));
      onAdded(fetcher.data.comment);
      return;
    }
    const onField = fetcher.data.errors?.body ?? [];
    setLastResult(
      submission.reply({ fieldErrors: { body: onField }, formErrors: onField.length > 0 ? [] : [fetcher.data.error] }),
    );
  }, [fetcher.state, fetcher.data, onAdded]);
  const [form, fields] = useForm({
    id: parentId ? `reply-${parentId}` : `comment-${postId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseComment(formData),
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      sent.current = formData;
      const fields: Record<string, string> = { intent: "add", body: submission.value.body };
      if (parentId) fields.parentId = parentId;
      fetcher.submit(fields, { method: "post", action: commentsPath(postId) });
    },
  });

  return (
    <form {...getFormProps(form)} noValidate className="space-y-2" aria-busy={sending}>
      <Field meta={fields.body} label={label}>
        <Textarea
          {...withoutKey(getTextareaProps(fields.body, { ariaDescribedBy: `${fields.body.id}-hint` }))}
          key={fields.body.key}
          rows={parentId ? 2 : 3}
          maxLength={COMMENT_BODY_MAX}
          ref={textarea}
          placeholder={parentId ? "Write a reply…" : "Share your take…"}
          className="resize-y"
        />
      </Field>
      <p id={`${fields.body.id}-hint`} className="sr-only">{`At most ${COMMENT_BODY_MAX} characters.`}</p>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="ink" pending disabled={sending}>
          {sending ? "Sending…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
