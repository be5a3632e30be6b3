/**
 * fetch with a deadline that always holds: an AbortController on a timer of our own (Node 20's
 * AbortSignal.timeout can be collected before it fires) and, should the abort not settle the
 * promise, a race that gives up on it. Answers the response and its body text.
 */
export class DeadlineError extends Error {
  name = "TimeoutError";
}

export async function timedFetch(
  url: string,
  init: RequestInit,
  ms: number,
): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DeadlineError(`no answer within ${ms} ms`));
      // Give the abort a moment to settle the request, then stop waiting for it.
      setTimeout(() => reject(new DeadlineError(`no answer within ${ms} ms`)), 1000);
    }, ms);
  });
  try {
    return await Promise.race([
      (async () => {
        const response = await fetch(url, { ...init, signal: controller.signal });
        return { response, text: await response.text() };
      })(),
      deadline,
    ]);
  } catch (error) {
    if (controller.signal.aborted) throw new DeadlineError(`no answer within ${ms} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
