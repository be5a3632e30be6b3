import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { findExpert } from "~/modules/experts/experts.server";
import { expertRecordFigures, unitsOverTime } from "~/modules/record/record.server";

/**
 * `GET /api/experts/{expertId}/record` (id or userName) → `{payload: {overall, categories,
 * unitsOverTime}}`: the verified record's figures per window and sport, and the units chart.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const expert = await findExpert(context.db, params.expertId ?? "", null);
    if (!expert) throw new AppError(404);
    const [figures, chart] = await Promise.all([
      expertRecordFigures(context.db, expert.id),
      unitsOverTime(context.db, expert.id),
    ]);
    return apiPayload({ ...figures, unitsOverTime: chart });
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
